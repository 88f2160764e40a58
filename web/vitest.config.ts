import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify('test-build') },
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Isolated per file (vitest's default). Shared module graphs (isolate: false) cut this project from 297 to
    // 117 CPU-seconds, but in a whole run two files then waited forever on the app's skeleton, after
    // whichever file ran before them in the worker: some module state of the app outlives a file. Until that
    // state is found, each file gets its own graph and jsdom.
    // the page tests type through whole forms with user-event: 1–2 s alone, past vitest's 5 s default
    // beside a loaded machine (seen in a full run at load 18); slowness is not what they test
    testTimeout: 20_000,
  },
});
