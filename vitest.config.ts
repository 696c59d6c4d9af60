import { defineConfig } from 'vitest/config';

// Node-mode tests: everything beside the code except the real-browser ones (*.browser.test.*, e2e/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scenarios/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/*.browser.test.*', 'node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    pool: 'threads',
    // The simulation reads yaml, ajv, croner and fast-json-patch through src/sim/libraries.ts, and the worker its
    // scenario reader through src/worker/on-demand.ts: loaded once, before the tests, as Node entry points do.
    setupFiles: ['src/sim/testing/load-libraries.setup.ts', 'src/worker/testing/load-on-demand.setup.ts'],
  },
});
