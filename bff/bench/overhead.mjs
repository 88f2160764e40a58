// The BFF's own overhead: BFF (bff/dist/main.js, Redis sessions) vs the bench's bare node:http pipe proxy vs
// direct calls, all in front of a stub upstream that answers at once, each server in its own process.
// Needs `npm run build` (bff/dist) and a Redis: REDIS_URL, default redis://127.0.0.1:6379.
//   node bff/bench/overhead.mjs
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DURATION = Number(process.env.BENCH_DURATION_S ?? 5);
const children = [];

function start(file, env, port) {
  const child = spawn(process.execPath, [file], {
    env: { PATH: process.env.PATH, ...env },
    stdio: 'inherit',
  });
  children.push(child);
  return waitFor(`http://127.0.0.1:${port}/healthz`);
}
async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} never answered`);
}
const port = (n) => 41_000 + Math.floor(Math.random() * 1000) * 10 + n;

function run(url, { method = 'GET', headers = {}, body, connections }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let bad = 0;
    const instance = autocannon(
      { url, method, headers, body, connections, duration: DURATION },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          rps: result.requests.total / DURATION,
          p50: latencies[Math.floor(latencies.length / 2)],
          bad,
        });
      },
    );
    instance.on('response', (_c, status, _b, time) => {
      if (status < 300) latencies.push(time);
      else bad++;
    });
  });
}

try {
  const [up, bare, bff, hpm] = [port(1), port(2), port(3), port(4)];
  await start(path.join(root, 'bff/bench/stub-upstream.mjs'), { PORT: String(up) }, up);
  await start(
    path.join(root, 'tests/bench/bare-proxy.mjs'),
    { PORT: String(bare), TARGET: `http://127.0.0.1:${up}`, TOKEN: 'bench-token-0123456789' },
    bare,
  );
  await start(
    path.join(root, 'bff/bench/hpm-proxy.mjs'),
    { PORT: String(hpm), TARGET: `http://127.0.0.1:${up}`, TOKEN: 'bench-token-0123456789' },
    hpm,
  );
  await start(
    path.join(root, 'bff/dist/main.js'),
    {
      NODE_ENV: 'production',
      PORT: String(bff),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${bff}`,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      UPSTREAM_API_URL: `http://127.0.0.1:${up}`,
      AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${up}/webhook`,
      AUTOMATION_WEBHOOK_HEADER_VALUE: 'bench',
      LOG_LEVEL: 'warn',
    },
    bff,
  );
  const login = await fetch(`http://127.0.0.1:${bff}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'evt-spa' },
    body: JSON.stringify({ email: 'bench@example.org', password: 'bench-password' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((l) => l.split(';')[0])
    .join('; ');
  const body = JSON.stringify({
    name: 'Bench organisation',
    description: 'x',
    website: '',
    email: '',
    phone: '',
    country: 'FR',
  });
  const targets = {
    BFF: {
      base: `http://127.0.0.1:${bff}/api`,
      headers: { cookie },
      write: { 'x-requested-with': 'evt-spa' },
    },
    bare: { base: `http://127.0.0.1:${bare}`, headers: {}, write: {} },
    hpm: { base: `http://127.0.0.1:${hpm}`, headers: {}, write: {} },
    direct: {
      base: `http://127.0.0.1:${up}`,
      headers: { authorization: 'Bearer bench-token-0123456789' },
      write: {},
    },
  };
  const results = {};
  console.log('request  via     conns      rps   p50 ms  non-2xx');
  for (const [label, request] of [
    ['GET', { path: '/organizations' }],
    ['PUT', { path: '/organizations/1', method: 'PUT', body }],
  ]) {
    for (const connections of [1, 32]) {
      for (const [name, t] of Object.entries(targets)) {
        const headers = {
          ...t.headers,
          ...(request.body ? { ...t.write, 'content-type': 'application/json' } : {}),
        };
        const r = await run(t.base + request.path, {
          method: request.method,
          headers,
          body: request.body,
          connections,
        });
        results[`${label}.${name}.${connections}`] = r;
        console.log(
          `${label.padEnd(8)} ${name.padEnd(7)} ${String(connections).padStart(5)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(3).padStart(8)} ${String(r.bad).padStart(8)}`,
        );
      }
    }
  }
  for (const label of ['GET', 'PUT']) {
    const ratio = results[`${label}.BFF.32`].rps / results[`${label}.bare.32`].rps;
    const added = results[`${label}.BFF.1`].p50 - results[`${label}.direct.1`].p50;
    const bareAdded = results[`${label}.bare.1`].p50 - results[`${label}.direct.1`].p50;
    const hpmRatio = results[`${label}.hpm.32`].rps / results[`${label}.bare.32`].rps;
    console.log(
      `${label}: BFF/bare rps (32 conns) = ${ratio.toFixed(2)}, hpm/bare = ${hpmRatio.toFixed(2)}; ` +
        `p50 added over direct (1 conn): BFF ${added.toFixed(3)} ms, bare ${bareAdded.toFixed(3)} ms`,
    );
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
}
