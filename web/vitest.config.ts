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
    // One module graph and one jsdom per worker instead of one per file: React, Testing Library, i18next and
    // the locales were imported again for each of about 60 files, and jsdom built again each time. Measured
    // on this project alone (2 cores): 297 CPU-seconds isolated, 117 not. What a file leaves behind is reset
    // after each test by the setup file (DOM, cookies, stubbed globals, mocks); no web test mocks a module
    // (vi.mock would not reach a module another file has already loaded).
    isolate: false,
    // the page tests type through whole forms with user-event: 1–2 s alone, past vitest's 5 s default
    // beside a loaded machine (seen in a full run at load 18); slowness is not what they test
    testTimeout: 20_000,
  },
});
