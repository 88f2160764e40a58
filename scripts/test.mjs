#!/usr/bin/env node
// `npm test`: static checks, build, unit + integration tests (vitest projects), then browser tests against
// the built product. Fails fast on the first failing step with a one-line reason. Ends with the test counts
// and one line of seconds per phase (docs/testing.md), also when a phase failed (later phases then show 0).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureNginx } from './lib/nginx.mjs';
import { ensurePoppler } from './lib/poppler.mjs';
import { startPrivateRedis } from './lib/redis.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitest = path.join(root, 'node_modules/.bin/vitest');

let redis;
let current;
// Each vitest run also writes a JSON report, so the run ends with one plain 'N passed, N failed' line.
const reports = mkdtempSync(path.join(tmpdir(), 'evt-test-reports-'));
const counts = { passed: 0, failed: 0, skipped: 0 };
// seconds per phase; 'lint' holds the lint and the format check
const phases = { typecheck: 0, lint: 0, build: 0, vitest: 0, e2e: 0 };
let runStarted = Date.now();

function vitestArgs(name, args) {
  return [
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(reports, `${name}.json`)}`,
  ];
}

function countReport(name) {
  try {
    const report = JSON.parse(readFileSync(path.join(reports, `${name}.json`), 'utf8'));
    counts.passed += report.numPassedTests ?? 0;
    // a file that failed without a failed test (it could not load, a hook threw) counts once; a file whose
    // tests failed is already counted by them
    const brokenFiles = (report.testResults ?? []).filter(
      (file) =>
        file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
    counts.failed += (report.numFailedTests ?? 0) + brokenFiles;
    counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } catch {
    // no report: the run failed before any test, which the step's own failure already says
  }
}

/**
 * Why a process of the run died: the probe's lines (scripts/lib/exit-probe.mjs) and the kernel's
 * word on killed or crashed processes (out of memory, segfault), when it lets us read it.
 */
function printExits(exitLog) {
  const lines = existsSync(exitLog) ? readFileSync(exitLog, 'utf8').trim().split('\n').filter(Boolean) : [];
  const kernel = spawnSync('dmesg', ['--ctime'], { encoding: 'utf8' });
  const killed = (kernel.stdout ?? '')
    .split('\n')
    .filter((line) => /out of memory|killed process|oom-kill|segfault|general protection/i.test(line));
  if (lines.length === 0 && killed.length === 0) return;
  console.log('\n[test] processes that ended on their own or were killed during the run:');
  for (const line of [...lines.slice(-20), ...killed.slice(-10)]) console.log(`  ${line}`);
}

function printCounts() {
  console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
}

function printPhases() {
  const seconds = (ms) => Math.round(ms / 1000);
  const parts = Object.entries(phases).map(([name, ms]) => `${name}=${seconds(ms)}`);
  console.log(`phases: ${parts.join(' ')} total=${seconds(Date.now() - runStarted)}`);
}

/** Runs one step of `phase`, adding its time to that phase's. */
function run(phase, label, command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    console.log(`\n[test] ▶ ${label}`);
    const started = Date.now();
    current = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    current.on('error', (error) => reject(new Error(`${label}: ${error.message}`)));
    current.on('exit', (code, signal) => {
      current = undefined;
      phases[phase] += Date.now() - started;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        console.log(`[test] ✔ ${label} (${seconds}s)`);
        resolve();
      } else {
        reject(new Error(`${label} failed (${signal ?? `exit code ${code}`}) after ${seconds}s`));
      }
    });
  });
}

async function cleanup() {
  rmSync(reports, { recursive: true, force: true });
  if (current) current.kill('SIGTERM');
  if (redis) await redis.stop();
  redis = undefined;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await cleanup();
    process.exit(130);
  });
}

async function main() {
  runStarted = Date.now();
  // Preconditions first, so a missing tool is reported before minutes of work.
  ensureChromium();
  ensureNginx();
  ensurePoppler();
  const env = { ...process.env };
  const exitLog = path.join(reports, 'exits.log');
  env.EVT_EXIT_LOG = exitLog;
  env.NODE_OPTIONS = [
    env.NODE_OPTIONS,
    `--import=${pathToFileURL(path.join(root, 'scripts/lib/exit-probe.mjs')).href}`,
  ]
    .filter(Boolean)
    .join(' ');
  if (!env.REDIS_URL) {
    redis = await startPrivateRedis();
    env.REDIS_URL = redis.url;
    console.log(`[test] private redis-server on ${redis.url} (pid ${redis.pid})`);
  }

  await run('typecheck', 'typecheck', npm, ['run', '--silent', 'typecheck']);
  await run('lint', 'lint', npm, ['run', '--silent', 'lint']);
  await run('lint', 'format check', npm, ['run', '--silent', 'format:check']);
  await run('build', 'build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  // the integration tests start the processes just built rather than transpiling their sources each time
  env.EVT_TEST_BUILT = '1';
  try {
    await run('vitest', 'unit, integration and web tests (vitest)', vitest, vitestArgs('unit', ['run']), env);
  } catch (error) {
    printExits(exitLog);
    throw error;
  } finally {
    countReport('unit');
  }
  try {
    await run(
      'e2e',
      'browser tests (headless Chromium)',
      vitest,
      vitestArgs('e2e', ['run', '--config', 'tests/e2e/vitest.config.ts']),
      env,
    );
  } catch (error) {
    printExits(exitLog);
    throw error;
  } finally {
    countReport('e2e');
  }

  console.log(`\n[test] all checks passed in ${((Date.now() - runStarted) / 1000).toFixed(0)}s`);
  printCounts();
  printPhases();
}

main()
  .then(cleanup)
  .catch(async (error) => {
    await cleanup();
    console.error(`\n[test] ✘ ${error.message}`);
    if (counts.passed + counts.failed > 0) printCounts();
    printPhases();
    process.exit(1);
  });
