/**
 * The api-server's request paths that only a person's input (or an on-demand controller) brings, loaded with the
 * simulation's libraries (`src/sim/libraries.ts`); the api-server reaches them through `libraries().apiserver`. Nothing in
 * the page's first script imports this module.
 */
export {};
