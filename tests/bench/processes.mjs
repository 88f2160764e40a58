// Child processes of the bench and what /proc says about them.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/lib/redis.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system) of a process, in microseconds. */
export function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name (which may hold spaces) start at ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1e6) / CLK_TCK;
}

/** VmRSS and VmHWM (peak) of a process, in bytes. */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Resets the peak RSS (VmHWM) of a process to its current RSS (Linux: clear_refs 5). */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Starts `node <args>` and resolves once `ready()` says so; output is kept for error messages. */
export async function startNode(name, args, env, ready, timeoutMs = 60_000) {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exit = null;
  child.on('exit', (code, signal) => {
    exit = code ?? signal;
  });
  const stop = () =>
    new Promise((resolve) => {
      if (exit !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit !== null) throw new Error(`${name} exited (${exit}):\n${output}`);
    if (await ready().catch(() => false)) return { name, pid: child.pid, stop, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${name} was not ready in time:\n${output}`);
}

export async function httpOk(url) {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.ok;
}

/** The built reference upstream as its own process, on a throw-away database, with its origin. */
export async function startReferenceUpstream(webhookHeaderValue) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const upstream = await startNode(
    'reference upstream',
    [path.join(root, 'upstream/dist/main.js')],
    {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      UPSTREAM_DATA_DIR: 'memory://',
      AUTOMATION_WEBHOOK_HEADER_VALUE: webhookHeaderValue,
    },
    () => httpOk(`${origin}/health`),
  );
  return { ...upstream, origin };
}

/**
 * The built BFF as its own process in production mode, on a private Redis, in front of an upstream
 * (its REST API at `upstreamOrigin`, its webhooks below `/webhook`), with its origin.
 */
export async function startBffProcess({
  redisUrl,
  upstreamOrigin,
  webhookHeaderValue,
  logLevel = 'warn',
  rateLimitAuthMax,
}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const bff = await startNode(
    'BFF',
    ['--enable-source-maps', path.join(root, 'bff/dist/main.js')],
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      UPSTREAM_API_URL: upstreamOrigin,
      AUTOMATION_WEBHOOK_URL: `${upstreamOrigin}/webhook`,
      AUTOMATION_WEBHOOK_HEADER_VALUE: webhookHeaderValue,
      LOG_LEVEL: logLevel,
      RATE_LIMIT_AUTH_MAX: String(rateLimitAuthMax),
    },
    () => httpOk(`${origin}/readyz`),
  );
  return { ...bff, port, origin };
}
