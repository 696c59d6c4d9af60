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
  optimizeDeps: { include: ['yaml', 'zod'] },
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
