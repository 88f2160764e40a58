#!/usr/bin/env node
// `npm test`: static checks, build, unit + integration tests (vitest projects), then browser tests against
// the built product. Fails fast on the first failing step with a one-line reason.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './lib/chromium.mjs';
import { startPrivateRedis } from './lib/redis.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const vitest = path.join(root, 'node_modules/.bin/vitest');

let redis;
let current;

function run(label, command, args, env = process.env) {
  return new Promise((resolve, reject) => {
    console.log(`\n[test] ▶ ${label}`);
    const started = Date.now();
    current = spawn(command, args, { cwd: root, env, stdio: 'inherit' });
    current.on('error', (error) => reject(new Error(`${label}: ${error.message}`)));
    current.on('exit', (code, signal) => {
      current = undefined;
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
  const started = Date.now();
  // Preconditions first, so a missing tool is reported before minutes of work.
  ensureChromium();
  const env = { ...process.env };
  if (!env.REDIS_URL) {
    redis = await startPrivateRedis();
    env.REDIS_URL = redis.url;
    console.log(`[test] private redis-server on ${redis.url} (pid ${redis.pid})`);
  }

  await run('typecheck', npm, ['run', '--silent', 'typecheck']);
  await run('lint', npm, ['run', '--silent', 'lint']);
  await run('format check', npm, ['run', '--silent', 'format:check']);
  await run('build', process.execPath, [path.join(root, 'scripts/build.mjs')]);
  await run('unit, integration and web tests (vitest)', vitest, ['run'], env);
  await run(
    'browser tests (headless Chromium)',
    vitest,
    ['run', '--config', 'tests/e2e/vitest.config.ts'],
    env,
  );

  console.log(`\n[test] all checks passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
}

main()
  .then(cleanup)
  .catch(async (error) => {
    await cleanup();
    console.error(`\n[test] ✘ ${error.message}`);
    process.exit(1);
  });
