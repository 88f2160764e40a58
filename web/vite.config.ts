import { randomBytes } from 'node:crypto';
import preact from '@preact/preset-vite';
import { type Alias, defineConfig, type Plugin } from 'vite';

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

/**
 * The SPA runs on Preact through its React compatibility layer: React's own runtime was 57 KB of the
 * 191 KB (gzipped) a visitor downloaded before the registration form was usable (README, "Preact").
 * The app's code and its libraries still import `react`; these aliases point them at preact/compat.
 */
export const preactAliases: Alias[] = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // react-i18next's shim for React 17 (CommonJS, requiring `react`): compat has the hook itself
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const bff = 'http://localhost:3000';

export default defineConfig({
  plugins: [preact({ reactAliasesEnabled: false }), buildManifest()],
  resolve: { alias: preactAliases },
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
