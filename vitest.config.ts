import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run for every workspace's tests (each folder may carry its own vitest.config.ts) plus the
 * cross-package unit tests. The browser tests have their own config (tests/e2e/vitest.config.ts) and
 * run after the build (scripts/test.mjs).
 */
export default defineConfig({
  test: {
    // one worker per core: vitest's default (cores - 1) leaves one of a 2-core machine's cores idle
    maxWorkers: availableParallelism(),
    globalSetup: ['./tests/support/global-redis.ts'],
    passWithNoTests: true,
    projects: [
      'contracts',
      'matching',
      'upstream',
      'bff',
      {
        // the attacks found against the product, each kept as a test (README "Security")
        test: {
          name: 'security',
          root: './bff',
          include: ['test/security/**/*.test.ts'],
          globalSetup: ['../upstream/src/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 90_000,
          // one module graph per worker, as the bff project (each file starts its own BFF and upstream)
          isolate: false,
        },
      },
      'web',
      {
        // cross-package tests: unit, and integration ones that start real processes (slow on 2 cores)
        test: {
          name: 'tests',
          root: './tests',
          include: ['unit/**/*.test.ts', 'integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
        },
      },
    ],
  },
});
