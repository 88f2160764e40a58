import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // one migrated and seeded database per run, which each file's embedded PostgreSQL (PGlite) copies
    globalSetup: ['./src/test-global-setup.ts'],
    // each file still starts a PGlite from the copy, which takes a few seconds on a small machine
    testTimeout: 60_000,
    // one module graph per worker, not per file (each file starts its own upstream from config it passes in)
    isolate: false,
    hookTimeout: 120_000,
  },
});
