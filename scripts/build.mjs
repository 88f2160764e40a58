#!/usr/bin/env node
// Builds what is not built: the SPA (vite -> web/dist) and the Node bundles (esbuild -> bff/dist/main.js,
// upstream/dist/main.js). A part is skipped when its outputs are newer than all of its sources.
// `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const r = (...parts) => path.join(root, ...parts);

/** Newest mtime under the given files/folders (ignoring dist, node_modules and tests). */
function newestSource(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(p)) {
        if (entry === 'dist' || entry === 'node_modules' || entry.startsWith('.')) continue;
        visit(path.join(p, entry));
      }
    } else if (!/\.test\.tsx?$/.test(p)) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(p);
  return newest;
}

function oldestOutput(paths) {
  let oldest = Number.POSITIVE_INFINITY;
  for (const p of paths) {
    if (!existsSync(p)) return 0;
    oldest = Math.min(oldest, statSync(p).mtimeMs);
  }
  return oldest;
}

function upToDate(name, sources, outputs) {
  if (force) return false;
  const fresh = oldestOutput(outputs) > newestSource(sources);
  if (fresh) console.log(`[build] ${name}: up to date`);
  return fresh;
}

const sharedSources = [r('package.json'), r('package-lock.json'), r('tsconfig.json'), r('contracts')];

function buildWeb() {
  const outputs = [r('web/dist/index.html'), r('web/dist/builds/latest.json')];
  if (upToDate('web', [...sharedSources, r('web'), r('locales')], outputs)) return;
  console.log('[build] web: vite build');
  const started = Date.now();
  const result = spawnSync(r('node_modules/.bin/vite'), ['build'], { cwd: r('web'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('web build failed (vite build in web/)');
  for (const output of outputs) {
    if (!existsSync(output)) throw new Error(`web build did not produce ${path.relative(root, output)}`);
  }
  console.log(`[build] web: done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/**
 * Every bare import except our own `@evt/*` workspaces stays external: esbuild's `packages: 'external'`
 * would also externalise the workspaces (it looks at the import path, not at where the symlink points),
 * and they are TypeScript sources that Node could not load.
 */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@evt/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The upstream reads its SQL migrations from disk: they are copied next to each bundle
 * (`<bundle dir>/migrations/`), see upstream/src for how the folder is located.
 */
function copyMigrations(outDir) {
  const source = r('upstream/src/db/migrations');
  if (!existsSync(source)) return;
  const target = path.join(outDir, 'migrations');
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
}

async function bundle(name, entry, outfile, sources) {
  if (!existsSync(r(entry))) {
    console.log(`[build] ${name}: ${entry} does not exist yet, skipped`);
    return;
  }
  if (upToDate(name, [...sharedSources, ...sources], [r(outfile)])) return;
  const { build } = await import('esbuild');
  const started = Date.now();
  mkdirSync(path.dirname(r(outfile)), { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: [r(entry)],
    outfile: r(outfile),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalNpmPackages],
    // Bundled ESM has no require(); a few CommonJS-style code paths still need one.
    banner: {
      js: "import { createRequire as __evtCreateRequire } from 'node:module'; const require = __evtCreateRequire(import.meta.url);",
    },
  });
  copyMigrations(path.dirname(r(outfile)));
  console.log(`[build] ${name}: ${outfile} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

async function main() {
  const started = Date.now();
  buildWeb();
  await bundle('bff', 'bff/src/main.ts', 'bff/dist/main.js', [r('bff'), r('upstream')]);
  await bundle('upstream', 'upstream/src/main.ts', 'upstream/dist/main.js', [r('upstream')]);
  console.log(`[build] finished in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

main().catch((error) => {
  console.error(`[build] ${error.message}`);
  process.exit(1);
});
