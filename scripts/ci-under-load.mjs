#!/usr/bin/env node
// the proof that the suite passes every time: runs CI (`.ci/run`: npm ci, npm test) on fresh clones of
// one commit (HEAD when it starts, or the one given), one after another, while a CPU-heavy process keeps one
// core busy beside them (the machine has two). Stops at the first failure. One line per run, then a summary:
//   node scripts/ci-under-load.mjs [runs=5] [commit=HEAD]
// The commit is resolved once, so work committed while the runs go on (two hours for five) does not change
// what is being proved. With CI_SIDE_BY_SIDE=k, k runs go at once, each the CPU-heavy process beside the
// others (the issue's "a second npm test beside it"), a new one starting as each ends; the burner runs only
// while a single run is left. The first failure stops new runs; the runs under way finish.
// Each run's whole output is kept in $TMPDIR/evt-ci-under-load/run-N.log.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 5);
const commit = spawnSync('git', ['rev-parse', '--verify', `${process.argv[3] ?? 'HEAD'}^{commit}`], {
  cwd: root,
  encoding: 'utf8',
}).stdout.trim();
if (!commit) throw new Error(`no such commit: ${process.argv[3]}`);
const work = path.join(tmpdir(), 'evt-ci-under-load');
const shared = path.resolve(root, '../shared');

// The load: a separate process hashing a 1 MiB buffer in a loop, so one core is never idle and the memory bus
// is busy too (what a second build or test run beside CI does to it).
const burnerSource = `
const { createHash } = require('node:crypto');
const block = Buffer.alloc(1 << 20, 7);
for (;;) createHash('sha256').update(block).digest();
`;

function startBurner() {
  const burner = spawn(process.execPath, ['-e', burnerSource], { stdio: 'ignore' });
  return burner;
}

function runCi(index) {
  const clone = path.join(work, `clone-${index}`);
  rmSync(clone, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const cloned = spawnSync('git', ['clone', '-q', root, path.join(clone, 'main')], { stdio: 'inherit' });
  if (cloned.status !== 0) throw new Error('git clone failed');
  const checkedOut = spawnSync('git', ['checkout', '-q', '-B', 'main', commit], {
    cwd: path.join(clone, 'main'),
    stdio: 'inherit',
  });
  if (checkedOut.status !== 0) throw new Error(`git checkout ${commit} failed`);
  // `.ci/run` reads the spec beside the checkout, as on CI.
  if (existsSync(shared)) cpSync(shared, path.join(clone, 'shared'), { recursive: true });
  const log = createWriteStream(path.join(work, `run-${index}.log`));
  const started = Date.now();
  return new Promise((resolve) => {
    const ci = spawn('bash', ['.ci/run'], {
      cwd: path.join(clone, 'main'),
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const seen = { tests: '', end: '' };
    const keep = (chunk) => {
      log.write(chunk);
      for (const line of chunk.toString().split('\n')) {
        if (line.startsWith('tests:')) seen.tests = line;
        if (/^\[test\] (✘|all checks)/.test(line)) seen.end = line.replace('[test] ', '');
      }
    };
    ci.stdout.on('data', keep);
    ci.stderr.on('data', keep);
    ci.on('exit', (code) => {
      log.end();
      const minutes = ((Date.now() - started) / 60000).toFixed(1);
      rmSync(clone, { recursive: true, force: true });
      const ended = new Date().toISOString();
      resolve({ code, minutes, ended, last: [seen.end, seen.tests].filter(Boolean).join('; ') });
    });
  });
}

console.log(
  `[ci-under-load] ${runs} fresh-clone runs of .ci/run at ${commit.slice(0, 7)}, ${
    (Number(process.env.CI_SIDE_BY_SIDE ?? 1) || 1) > 1
      ? `${process.env.CI_SIDE_BY_SIDE} at a time, side by side`
      : 'one core kept busy beside them'
  }`,
);
const sideBySide = Math.max(1, Number(process.env.CI_SIDE_BY_SIDE ?? 1));
let green = 0;
let failed = false;
let next = 1;
let inFlight = 0;
let burner = null;
// At least two things always compete for the two cores: when one run is left alone (one at a time, or the
// tail of side-by-side runs), the burner keeps the other core busy.
const balance = () => {
  if (inFlight === 1 && burner === null) burner = startBurner();
  if (inFlight !== 1 && burner !== null) {
    burner.kill('SIGKILL');
    burner = null;
  }
};
// A pool, not batches: a new run starts as soon as one ends, so k stay side by side until the last ones.
async function lane() {
  while (next <= runs && !failed) {
    const index = next;
    next += 1;
    inFlight += 1;
    balance();
    const result = await runCi(index);
    inFlight -= 1;
    balance();
    const verdict = result.code === 0 ? 'green' : `FAILED (exit ${result.code})`;
    console.log(
      `[ci-under-load] run ${index} (ended ${result.ended}): ${verdict} in ${result.minutes} min — ${result.last}`,
    );
    if (result.code !== 0) {
      console.log(`[ci-under-load] whole output: ${path.join(work, `run-${index}.log`)}`);
      failed = true;
    } else green += 1;
  }
}
await Promise.all(Array.from({ length: Math.min(sideBySide, runs) }, () => lane()));
console.log(`[ci-under-load] ${green} of ${runs} consecutive runs green`);
process.exit(green === runs ? 0 : 1);
