#!/usr/bin/env node
// `npm run typecheck`: `tsc -p` of every workspace with TypeScript 7's native compiler, as many at once as
// there are cores, largest first; the first failure stops the others. Each tsc checks with one checker
// (`--checkers 1`): its default of four repeats work in each and cost 2.4 times the CPU on a 2-core machine
// (docs/testing.md). Each keeps an incremental build-info file under node_modules/.cache/tsc, so a second
// run re-checks only what changed. docs/testing.md says why not `tsc -b`.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import getExePath from '../node_modules/typescript/lib/getExePath.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// the native program itself: typescript's bin is a Node wrapper that, on Node 20, runs it as a child and
// leaves it running when killed; the package's own lookup finds it
const tsc = getExePath();
// largest (slowest) first, so the last to finish is a small one
const packages = ['web', 'bff', 'tests', 'upstream', 'contracts', 'matching'];
const running = new Set();
let failed = false;

function check(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const buildInfo = path.join(root, 'node_modules/.cache/tsc', `${name}.tsbuildinfo`);
    const child = spawn(
      tsc,
      ['-p', name, '--checkers', '1', '--incremental', '--tsBuildInfoFile', buildInfo, '--pretty'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    running.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code, signal) => {
      running.delete(child);
      if (signal && failed) return resolve(); // stopped after another package failed
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (output) process.stdout.write(output);
      if (code === 0) {
        console.log(`[typecheck] ${name}: ok (${seconds}s)`);
      } else if (!failed) {
        failed = true;
        console.error(`[typecheck] ${name}: failed (${signal ?? `exit code ${code}`}) after ${seconds}s`);
        for (const other of running) other.kill('SIGTERM');
      }
      resolve();
    });
  });
}

const queue = [...packages];
async function lane() {
  while (!failed && queue.length > 0) await check(queue.shift());
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), packages.length) }, lane));
process.exit(failed ? 1 : 0);
