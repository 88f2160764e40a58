import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // the security suite is its own project in the root config
    exclude: ['test/security/**', '**/node_modules/**'],
    // one migrated and seeded upstream database per run, which each file's reference upstream copies
    globalSetup: ['../upstream/src/test-global-setup.ts'],
    // integration files start the reference upstream (PGlite), which takes seconds on a small machine
    testTimeout: 30_000,
    // One module graph per worker instead of one per file: each file imported the whole BFF again (express,
    // ioredis, BullMQ, the contracts' schemas). Measured on this project alone (2 cores): 232 CPU-seconds
    // isolated, 120 not, the same 307 tests passing. Each file still starts its own BFF and upstream, from
    // config it passes in; no test mocks a module.
    isolate: false,
    hookTimeout: 90_000,
  },
});
