#!/usr/bin/env node
// Builds what is not built: the SPA (vite -> web/dist) and the Node bundles (esbuild -> bff/dist/main.js,
// upstream/dist/main.js). A part is skipped when its outputs are newer than all of its sources.
// `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
        if (entry === 'dist' || entry === 'dist-ssr' || entry === 'node_modules' || entry.startsWith('.'))
          continue;
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
  const outputs = [
    r('web/dist/index.html'),
    r('web/dist/visitor.html'),
    r('web/dist/builds/latest.json'),
    r('web/dist-ssr/server.js'),
  ];
  if (upToDate('web', [...sharedSources, r('web'), r('locales')], outputs)) return;
  console.log('[build] web: vite build');
  const started = Date.now();
  // the application, then the visitor's entry on its own (web/vite.config.ts says why), one build id, then
  // the server's renderer of the visitor's form page (web/dist-ssr, loaded by the BFF)
  const env = {
    ...process.env,
    BUILD_ID: process.env.BUILD_ID ?? `${Date.now().toString(36)}-${process.pid}`,
  };
  for (const entry of ['app', 'visitor', 'server']) {
    const result = spawnSync(r('node_modules/.bin/vite'), ['build'], {
      cwd: r('web'),
      stdio: 'inherit',
      env: entry === 'app' ? env : { ...env, WEB_ENTRY: entry },
    });
    if (result.status !== 0) throw new Error(`web build failed (vite build of the ${entry} in web/)`);
  }
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
 * Our sources locate files next to themselves with `new URL('./x', import.meta.url)` (the upstream's SQL
 * migrations in upstream/src/db/migrations, the mail texts in locales/, the BFF's repo root). Once bundled,
 * `import.meta.url` would be the bundle's own address and those paths would break. Each source file's
 * `import.meta.url` is rewritten to the address of that source file, computed relative to the bundle at run
 * time: files read from disk are found where they are in the repository, so the bundle runs from a checkout
 * (or an image that keeps the same layout for locales/ and upstream/src/db/migrations) without copies.
 */
function sourceRelativeImportMeta(outDir) {
  return {
    name: 'source-relative-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        const replacement = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return {
          contents: source.replaceAll('import.meta.url', replacement),
          loader: args.path.endsWith('x') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

export async function bundle(name, entry, outfile, sources) {
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
    // lets a source tell a bundle from a run of the TypeScript sources: the B2B scheduler's worker
    // (matching/src/worker.ts) and the badge worker's file (bff/src/badges/generate.ts, which the badge
    // bench also points at the built worker by setting EVT_BUNDLED itself)
    define: { 'process.env.EVT_BUNDLED': '"true"' },
    plugins: [externalNpmPackages, sourceRelativeImportMeta(path.dirname(r(outfile)))],
  });
  console.log(`[build] ${name}: ${outfile} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

async function main() {
  const started = Date.now();
  buildWeb();
  await bundle('bff', 'bff/src/main.ts', 'bff/dist/main.js', [r('bff'), r('upstream'), r('matching')]);
  await bundle('badge-worker', 'bff/src/badges/render-worker.ts', 'bff/dist/badge-worker.js', [
    r('bff/src/badges'),
  ]);
  await bundle('upstream', 'upstream/src/main.ts', 'upstream/dist/main.js', [r('upstream'), r('matching')]);
  // the B2B scheduler's worker thread, next to each server bundle (matching/src/worker.ts finds it there)
  for (const dist of ['bff/dist', 'upstream/dist']) {
    await bundle(`${dist} matching worker`, 'matching/src/schedule-worker.ts', `${dist}/matching-worker.js`, [
      r('matching'),
    ]);
  }
  // a job queue worker of its own (bff/src/jobs/worker-main.ts): node bff/dist/worker.js
  await bundle('worker', 'bff/src/jobs/worker-main.ts', 'bff/dist/worker.js', [r('bff'), r('upstream')]);
  console.log(`[build] finished in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`[build] ${error.message}`);
    process.exit(1);
  });
}
