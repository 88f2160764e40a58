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
    hookTimeout: 90_000,
  },
});
