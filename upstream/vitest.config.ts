import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // each file starts an embedded PostgreSQL (PGlite), which takes a few seconds on a small machine
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
