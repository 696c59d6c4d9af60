// fast-json-patch's ESM build (index.mjs) has the same exports as its typed CommonJS entry.
declare module 'fast-json-patch/index.mjs' {
  export * from 'fast-json-patch';
}
