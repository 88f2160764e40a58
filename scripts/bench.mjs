#!/usr/bin/env node
// `npm run bench`: builds what is not built, then runs tests/bench/run.mjs (see there).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('[bench] the build failed: see the messages above');
  process.exit(build.status ?? 1);
}
const bench = spawnSync(process.execPath, [path.join(root, 'tests/bench/run.mjs')], { stdio: 'inherit' });
process.exit(bench.status ?? 1);
