import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // pure functions and schemas: one module graph per worker instead of a process per file
    isolate: false,
  },
});
