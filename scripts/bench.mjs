#!/usr/bin/env node
// `npm run bench`: builds what is not built, measures the visitor's participant form (tests/bench/form.mjs),
// then runs tests/bench/run.mjs (see there). The form's BENCH line is printed just before run.mjs's
// final `BENCH bff_vs_bare_rps=...` line, which stays the very last.
// `npm run bench -- proxy` runs only the proxy measurements (run.mjs), `npm run bench -- form` only the
// form's (Lighthouse runs are the slow part).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const parts = process.argv.slice(2);
const unknown = parts.filter((part) => part !== 'proxy' && part !== 'form');
if (unknown.length > 0) {
  console.error(`[bench] unknown part ${unknown.join(', ')}: proxy, form, or none for both`);
  process.exit(2);
}
const runs = (part) => parts.length === 0 || parts.includes(part);
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) {
  console.error('[bench] the build failed: see the messages above');
  process.exit(build.status ?? 1);
}

let formLine = 'BENCH form_js_gz_kb=NaN form_lighthouse=NaN submit_added_p50_ms=NaN';
if (runs('form')) {
  try {
    const { benchForm } = await import('../tests/bench/form.mjs');
    formLine = await benchForm();
  } catch (error) {
    console.error('[bench] the form bench failed:', error);
  }
}
if (!runs('proxy')) {
  console.log(formLine);
  process.exit(0);
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
  if (runs('form')) console.log(formLine);
  if (held) console.log(held);
  process.exit(code ?? 1);
});
