import { defineConfig } from 'vitest/config';

/**
 * Browser tests: real headless Chromium against the built product started as a real process (see
 * support/global-setup.ts). Files run one after another; `npm test` runs this after `npm run build`.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    retry: 0,
  },
});
