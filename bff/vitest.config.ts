import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // integration files start the reference upstream (PGlite), which takes seconds on a small machine
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
