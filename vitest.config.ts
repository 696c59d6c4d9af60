import { defineConfig } from 'vitest/config';

// Node-mode tests: everything beside the code except the real-browser ones (*.browser.test.*, e2e/).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scenarios/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/*.browser.test.*', 'node_modules/**', 'e2e/**'],
    testTimeout: 30_000,
    pool: 'threads',
    // The simulation reads yaml, ajv and croner through src/sim/libraries.ts, which Node loads once before use.
    setupFiles: ['src/sim/testing/load-libraries.setup.ts'],
  },
});
