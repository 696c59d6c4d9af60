import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// See docs/ARCHITECTURE.md. The page is a static build: `npm run build` writes dist/, which needs no server logic.
export default defineConfig({
  plugins: [
    react(),
    // Offline after one visit: a service worker (Workbox) precaches the whole build: the page, the simulation worker
    // and its on-demand chunks, Monaco and its YAML worker, the console, the lessons. The page registers it once its
    // first frame is painted (src/ui/offline/service-worker.ts), so the precache does not compete with the start.
    VitePWA({
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: {
        name: 'Loopscope: see Kubernetes reconcile',
        short_name: 'Loopscope',
        description: "See, and teach, how Kubernetes' declarative reconciliation works: a simulated cluster, step by step.",
        theme_color: '#0f1419',
        background_color: '#0f1419',
        display: 'standalone',
        start_url: './',
        icons: [{ src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,wasm,json,woff,woff2,ttf}'],
        // Monaco's chunk is ~4.3 MB: precache it too (the default limit is 2 MiB).
        maximumFileSizeToCacheInBytes: 12 * 1024 * 1024,
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
      },
    }),
  ],
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
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 4000,
    // No modulepreload polyfill in the page's entry: the browsers that run es2022 modules preload them natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // React's memo and forwardRef make a component and do nothing else. @xyflow/react calls them at its top level
      // without a /*#__PURE__*/ mark, so the components the page never draws (MiniMap, Background, NodeResizer) stayed
      // in the first frame's JS, with the @xyflow/system code they use (4.4 KB of gzip).
      treeshake: { manualPureFunctions: ['memo', 'forwardRef'] },
      output: {
        codeSplitting: {
          // The stack the first frame draws with (React, React Flow and its d3, zustand) is one chunk the entry imports.
          // Left to itself, rolldown puts React, which the lazy panels share with the entry, in a small chunk of its
          // own (rolldown#10731), compressed alone: 1.2 KB more gzip to load before the first frame.
          groups: [{ name: 'stack', test: /node_modules[\\/](react|react-dom|scheduler|zustand|use-sync-external-store|@xyflow|classcat|d3-[a-z]+)[\\/]/ }],
        },
      },
    },
  },
});
