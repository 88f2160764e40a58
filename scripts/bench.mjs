#!/usr/bin/env node
// `npm run bench`: builds what is not built, measures the visitor's participant form (tests/bench/form.mjs),
// then runs tests/bench/run.mjs (see there). The form's BENCH line is printed just before run.mjs's
// final `BENCH bff_vs_bare_rps=...` line, which stays the very last.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('[bench] the build failed: see the messages above');
  process.exit(build.status ?? 1);
}

let formLine = 'BENCH form_js_gz_kb=NaN form_lighthouse=NaN submit_added_p50_ms=NaN';
try {
  const { benchForm } = await import('../tests/bench/form.mjs');
  formLine = await benchForm();
} catch (error) {
  console.error('[bench] the form bench failed:', error);
}

const bench = spawn(process.execPath, [path.join(root, 'tests/bench/run.mjs')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let held = null;
createInterface({ input: bench.stdout }).on('line', (line) => {
  if (line.startsWith('BENCH bff_vs_bare_rps=')) held = line;
  else console.log(line);
});
bench.on('close', (code) => {
  console.log(formLine);
  if (held) console.log(held);
  process.exit(code ?? 1);
});
