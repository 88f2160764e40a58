// Child processes of the bench and what /proc says about them.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

const CPU_PROBE = pathToFileURL(path.join(root, 'tests/bench/cpu-probe.mjs')).href;

/**
 * Starts `node <args>` and resolves once `ready()` says so; output is kept for error messages. The child
 * carries the CPU probe (cpu-probe.mjs): `cpuUsage()` resolves to its CPU time so far, in microseconds.
 */
export async function startNode(name, args, env, ready, timeoutMs = 60_000) {
  const child = spawn(process.execPath, ['--import', CPU_PROBE, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  child.channel?.unref();
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
    if (await ready().catch(() => false))
      return { name, pid: child.pid, stop, output: () => output, cpuUsage: () => cpuUsageOf(child) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`${name} was not ready in time:\n${output}`);
}

/** The child's own process.cpuUsage() (user + system, µs), asked over IPC; /proc's ticks if it cannot answer. */
function cpuUsageOf(child) {
  return new Promise((resolve) => {
    const done = (value) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    };
    const onMessage = (message) => {
      if (typeof message?.cpuUsage === 'number') done(message.cpuUsage);
    };
    const timer = setTimeout(() => done(cpuMicros(child.pid)), 2000);
    if (!child.connected) return done(cpuMicros(child.pid));
    child.on('message', onMessage);
    child.send('cpu-usage');
  });
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
  // BENCH_BFF_CPU_PROF=<dir>: V8 CPU profiles of the BFF (written when it stops), to read its hot functions
  const profile = process.env.BENCH_BFF_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_BFF_CPU_PROF)}`]
    : [];
  // BENCH_BFF_NODE_FLAGS: extra Node flags for the BFF (space-separated), to measure a runtime setting
  const flags = (process.env.BENCH_BFF_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const bff = await startNode(
    'BFF',
    [...profile, ...flags, '--enable-source-maps', path.join(root, 'bff/dist/main.js')],
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
      ...(process.env.BENCH_JOBS_WORKER ? { JOBS_WORKER: process.env.BENCH_JOBS_WORKER } : {}),
      RATE_LIMIT_AUTH_MAX: String(rateLimitAuthMax),
    },
    () => httpOk(`${origin}/readyz`),
  );
  return { ...bff, port, origin };
}
