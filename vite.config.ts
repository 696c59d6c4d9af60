import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// See docs/ARCHITECTURE.md. The page is a static build: `npm run build` writes dist/, which needs no server logic.
export default defineConfig({
  plugins: [react()],
  base: './',
  worker: { format: 'es' },
  resolve: {
    // monaco-yaml's worker manager still deep-imports monaco-editor/esm/vs/...; monaco >= 0.56 moved them.
    alias: [{ find: /^monaco-editor\/esm\/vs\/(.+?)(\.js)?$/, replacement: 'monaco-editor/$1' }],
  },
  // Packages first imported inside workers must be pre-bundled, or dev mode reloads mid-load (monaco-yaml's worker).
  optimizeDeps: {
    include: [
      'yaml',
      // The simulation worker's on-demand libraries (src/sim/libraries.ts), imported the first time a message needs them.
      'ajv',
      'croner',
      'fast-json-patch/index.mjs',
      'zod/mini',
      'path-browserify',
      'vscode-languageserver-types',
      'vscode-uri',
      'jsonc-parser',
      'vscode-languageserver-textdocument',
      '@vscode/l10n',
      'prettier/standalone',
      'prettier/plugins/yaml',
      'prettier/plugins/estree',
      'monaco-worker-manager/worker',
    ],
  },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
