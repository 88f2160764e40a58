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
    // One module graph and one jsdom per worker, not per file: 154 against 65 CPU-seconds (medians of three
    // whole runs of this project). The setup file starts each file as a new tab: what the app keeps per page
    // at module level (languages, toasts, read caches, storage) is emptied there.
    isolate: false,
    // the page tests type through whole forms with user-event: 1–2 s alone, past vitest's 5 s default
    // beside a loaded machine (seen in a full run at load 18); slowness is not what they test
    testTimeout: 20_000,
  },
});
