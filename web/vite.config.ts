import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * One id per build: injected into the bundle and written to dist/builds/latest.json, so a running SPA can
 * tell that a newer build is deployed (spec section 2, build-manifest poll).
 */
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

function buildManifest(): Plugin {
  return {
    name: 'evt-build-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: `${JSON.stringify({ id: buildId, timestamp: Date.now() })}\n`,
      });
    },
  };
}

const bff = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), buildManifest()],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // The CSP is script-src 'self': nothing may be inlined, not even the preload polyfill.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: {
    proxy: { '/api': bff, '/builds': bff, '/_dev': bff },
  },
});
