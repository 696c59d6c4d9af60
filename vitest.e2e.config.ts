import { defineConfig } from 'vitest/config';

// Real-browser tests of the whole page (e2e/*.e2e.test.ts): node environment, one file at a time, long timeouts.
// e2e/global-setup.ts builds the page once into a temp folder and serves it with `vite preview` for the whole run.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    maxWorkers: 1,
    sequence: { concurrent: false },
    pool: 'forks',
  },
});
