// Debian's nginx for the test of deploy/nginx.conf in front of two BFFs (tests/integration/nginx.test.ts).
import { spawnSync } from 'node:child_process';
import { aptInstall } from './redis.mjs';

/** Whether an nginx binary is on the PATH (the test skips itself otherwise). */
export const hasNginx = () => spawnSync('sh', ['-c', 'command -v nginx']).status === 0;

/**
 * Installs nginx-light with apt-get when it is missing and npm test runs as root. Unlike Chromium it is not
 * required: where it cannot be installed, that one test file is skipped and says so.
 */
export function ensureNginx() {
  if (hasNginx() || process.getuid?.() !== 0) return;
  console.log("[test] nginx is missing: installing Debian's nginx-light with apt-get");
  try {
    aptInstall(['nginx-light']);
  } catch (error) {
    console.warn(`[test] nginx could not be installed (${error.message}): its test will be skipped`);
  }
}

/**
 * deploy/nginx.conf as shipped, in front of `backends` (host:port, in place of bff-1 and bff-2), on a free
 * loopback port, its access log in `dir/access.log` (a test's stdio is not a device nginx can open).
 * Answers its base URL and `stop()`; waits until `probePath` answers 200 through it.
 */
export async function startShippedNginx({ backends, dir, repo, freePort, probePath = '/healthz' }) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { spawn } = await import('node:child_process');
  const port = await freePort();
  const conf = readFileSync(join(repo, 'deploy/nginx.conf'), 'utf8')
    .replace('bff-1:3000', backends[0])
    .replace('bff-2:3000', backends[1] ?? backends[0])
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('access_log /dev/stdout json;', `access_log ${dir}/access.log json;`)
    .replace('error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`)
    .replace('worker_processes auto;', `worker_processes 1;\npid ${dir}/nginx.pid;\ndaemon off;`);
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child = spawn('nginx', ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', `${dir}/error.log`], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = () => child.kill('SIGQUIT');
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${url}${probePath}`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`nginx did not start: ${readFileSync(`${dir}/error.log`, 'utf8')}`);
}
