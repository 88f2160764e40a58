#!/usr/bin/env node
// `npm run typecheck`: `tsc -p` of every workspace, as many at once as there are cores (each tsc uses one),
// largest first; the first failure stops the others. Each keeps an incremental build-info file under
// node_modules/.cache/tsc, so a second run re-checks only what changed. docs/testing.md says why not `tsc -b`.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
// largest (slowest) first, so the last to finish is a small one
const packages = ['web', 'bff', 'tests', 'upstream', 'contracts', 'matching'];
const running = new Set();
let failed = false;

function check(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const buildInfo = path.join(root, 'node_modules/.cache/tsc', `${name}.tsbuildinfo`);
    const child = spawn(
      process.execPath,
      [tsc, '-p', name, '--incremental', '--tsBuildInfoFile', buildInfo, '--pretty'],
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
