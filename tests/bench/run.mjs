// `npm run bench`: the BFF against a bare node:http pipe proxy and direct calls to the reference upstream,
// all on loopback, each server in its own process. Prints rps, p50/p99 latency, CPU per request, the
// peak-memory check of a 1 GB body pushed through the BFF, and as its last line:
//   BENCH bff_vs_bare_rps=<ratio> bff_added_p50_ms=<ms at 1 connection>
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startPrivateRedis } from '../../scripts/lib/redis.mjs';
import { cpuMicros, httpOk, memory, resetPeak, startNode } from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
const CSRF = { 'x-requested-with': 'evt-spa' };
const DEMO = { email: 'organiser@demo.example', password: 'demo-organiser-2026' };

const started = Date.now();
const cleanups = [];
const log = (line = '') => console.log(line);

async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return { body: text ? JSON.parse(text) : null, response };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One autocannon run; latencies recorded from its per-response event (float ms, so sub-ms is kept). */
function load({ url, method, headers, body, connections, duration }) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    let non2xx = 0;
    const instance = autocannon(
      { url, method, headers, body, connections, duration, pipelining: 1, timeout: 10 },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / duration,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          non2xx: non2xx + result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else non2xx++;
    });
  });
}

async function measure(target, scenario, connections) {
  const request = { ...scenario.request(target), connections };
  await load({ ...request, duration: WARMUP_S });
  const cpuBefore = cpuMicros(target.pid);
  const result = await load({ ...request, duration: DURATION_S });
  const cpu = cpuMicros(target.pid) - cpuBefore;
  return { ...result, cpuPerRequestUs: result.requests ? cpu / result.requests : Number.NaN };
}

/**
 * Pushes `bytes` of a JSON body at a proxied write route of the BFF and reports how far it got and the
 * BFF's peak RSS raise. The streamed multipart upload routes arrive with a later issue; until then this
 * measures that a huge body is neither buffered nor parsed whole (the BFF refuses it past its limit).
 */
async function bigUpload(bff, cookie, orgId, bytes) {
  const baseline = memory(bff.pid).rss;
  const resetOk = resetPeak(bff.pid);
  const peakBefore = resetOk ? baseline : memory(bff.pid).hwm;
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  let sent = 0;
  const outcome = await new Promise((resolve) => {
    const req = http.request({
      hostname: '127.0.0.1',
      port: bff.port,
      method: 'PUT',
      path: `/api/organizations/${orgId}`,
      headers: { cookie, ...CSRF, 'content-type': 'application/json', 'content-length': String(bytes) },
    });
    let status = 0;
    let finished = false;
    const done = (how) => {
      if (finished) return;
      finished = true;
      resolve({ status, how });
    };
    req.on('response', (res) => {
      status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => done('answered'));
    });
    req.on('error', (error) => done(`connection closed (${error.code ?? error.message})`));
    const head = Buffer.from('{"name":"');
    const write = () => {
      while (sent < bytes && !finished) {
        const piece = sent === 0 ? head : chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', write);
      }
      if (sent >= bytes) req.end();
    };
    write();
  });
  const peak = memory(bff.pid).hwm;
  return { ...outcome, sent, peakRaiseBytes: peak - peakBefore, resetOk };
}

async function main() {
  const redis = await startPrivateRedis();
  cleanups.push(() => redis.stop());
  const webhookValue = randomBytes(24).toString('hex');

  const upstreamPort = await freePort();
  const upstreamOrigin = `http://127.0.0.1:${upstreamPort}`;
  const upstream = await startNode(
    'reference upstream',
    [path.join(root, 'upstream/dist/main.js')],
    {
      PATH: process.env.PATH,
      PORT: String(upstreamPort),
      HOST: '127.0.0.1',
      UPSTREAM_DATA_DIR: 'memory://',
      AUTOMATION_WEBHOOK_HEADER_VALUE: webhookValue,
    },
    () => httpOk(`${upstreamOrigin}/health`),
  );
  cleanups.push(upstream.stop);

  const bffPort = await freePort();
  const bffOrigin = `http://127.0.0.1:${bffPort}`;
  const bff = await startNode(
    'BFF',
    ['--enable-source-maps', path.join(root, 'bff/dist/main.js')],
    {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(bffPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: bffOrigin,
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      UPSTREAM_API_URL: upstreamOrigin,
      AUTOMATION_WEBHOOK_URL: `${upstreamOrigin}/webhook`,
      AUTOMATION_WEBHOOK_HEADER_VALUE: webhookValue,
      LOG_LEVEL: process.env.BENCH_BFF_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_AUTH_MAX: '1000',
    },
    () => httpOk(`${bffOrigin}/readyz`),
  );
  bff.port = bffPort;
  cleanups.push(bff.stop);

  // A token straight from the upstream for the bare proxy and the direct calls.
  const { body: tokenBody } = await json(`${upstreamOrigin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const bearer = `Bearer ${tokenBody.access_token}`;

  const barePort = await freePort();
  const bare = await startNode(
    'bare proxy',
    [path.join(root, 'tests/bench/bare-proxy.mjs')],
    { PATH: process.env.PATH, PORT: String(barePort), TARGET: upstreamOrigin, TOKEN: tokenBody.access_token },
    () => httpOk(`http://127.0.0.1:${barePort}/health`),
  );
  cleanups.push(bare.stop);

  // A session cookie through the BFF's own login.
  const { response: loginResponse } = await json(`${bffOrigin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF },
    body: JSON.stringify(DEMO),
  });
  const cookie = loginResponse.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('the BFF login set no cookie');

  const { body: orgs } = await json(`${upstreamOrigin}/organizations`, {
    headers: { authorization: bearer },
  });
  const org = orgs.data[0];
  const writeBody = JSON.stringify({
    name: org.name,
    description: org.description,
    website: org.website,
    email: org.email,
    phone: org.phone,
    country: org.country,
  });

  const targets = [
    { name: 'BFF', pid: bff.pid, base: `${bffOrigin}/api`, headers: { cookie }, writeHeaders: CSRF },
    {
      name: 'bare proxy',
      pid: bare.pid,
      base: `http://127.0.0.1:${barePort}`,
      headers: {},
      writeHeaders: {},
    },
    {
      name: 'direct',
      pid: upstream.pid,
      base: upstreamOrigin,
      headers: { authorization: bearer },
      writeHeaders: {},
    },
  ];
  const scenarios = [
    {
      name: 'GET /organizations',
      request: (t) => ({ url: `${t.base}/organizations`, method: 'GET', headers: t.headers }),
    },
    {
      name: `PUT /organizations/${org.id} (same body)`,
      request: (t) => ({
        url: `${t.base}/organizations/${org.id}`,
        method: 'PUT',
        headers: { ...t.headers, ...t.writeHeaders, 'content-type': 'application/json' },
        body: writeBody,
      }),
    },
  ];

  log(`bench: ${WARMUP_S}s warm-up + ${DURATION_S}s per run; loopback; Node ${process.version}`);
  log(`BFF: NODE_ENV=production, Redis sessions, LOG_LEVEL=${process.env.BENCH_BFF_LOG_LEVEL ?? 'warn'}`);
  log(
    'CPU/req: CPU time of the process that answers the client (BFF, bare proxy, or the upstream for direct)',
  );
  log('');
  const header = ['request', 'via', 'conns', 'rps', 'p50 ms', 'p99 ms', 'CPU/req µs', 'non-2xx'];
  const rows = [header];
  const results = {};
  for (const scenario of scenarios) {
    for (const connections of [1, CONNECTIONS]) {
      for (const target of targets) {
        const r = await measure(target, scenario, connections);
        results[`${scenario.name}|${target.name}|${connections}`] = r;
        rows.push([
          scenario.name,
          target.name,
          String(connections),
          r.rps.toFixed(0),
          r.p50.toFixed(3),
          r.p99.toFixed(3),
          r.cpuPerRequestUs.toFixed(0),
          String(r.non2xx),
        ]);
      }
    }
  }
  const widths = header.map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows)
    log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  log('');

  const ratios = [];
  const added = [];
  for (const scenario of scenarios) {
    const get = (via, conns) => results[`${scenario.name}|${via}|${conns}`];
    const ratio = get('BFF', CONNECTIONS).rps / get('bare proxy', CONNECTIONS).rps;
    const addedP50 = get('BFF', 1).p50 - get('direct', 1).p50;
    const bareAdded = get('bare proxy', 1).p50 - get('direct', 1).p50;
    ratios.push(ratio);
    added.push(addedP50);
    log(
      `${scenario.name}: BFF/bare rps at ${CONNECTIONS} conns = ${ratio.toFixed(2)}; ` +
        `p50 added over direct at 1 conn: BFF ${addedP50.toFixed(3)} ms, bare proxy ${bareAdded.toFixed(3)} ms`,
    );
  }

  const upload = await bigUpload(bff, cookie, org.id, UPLOAD_BYTES);
  log(
    `1 GB body (${(upload.sent / 1024 ** 2).toFixed(0)} MiB sent of ${(UPLOAD_BYTES / 1024 ** 2).toFixed(0)}) ` +
      `at PUT /api/organizations/${org.id} (no streamed upload route in this issue): ` +
      `HTTP ${upload.status || '-'}, ${upload.how}; BFF peak RSS raise ${(upload.peakRaiseBytes / 1024 ** 2).toFixed(1)} MiB` +
      `${upload.resetOk ? '' : ' (VmHWM could not be reset: raise over the earlier peak)'}`,
  );
  log(`bench finished in ${((Date.now() - started) / 1000).toFixed(0)}s`);
  // Worst case of the two requests: the aim holds only if it holds for both.
  log(
    `BENCH bff_vs_bare_rps=${Math.min(...ratios).toFixed(2)} bff_added_p50_ms=${Math.max(...added).toFixed(3)}`,
  );
}

async function cleanup() {
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
}

const watchdog = setTimeout(() => {
  console.error('bench: took longer than 5 minutes, stopping');
  cleanup().finally(() => process.exit(1));
}, 5 * 60_000);
watchdog.unref();

main()
  .then(cleanup)
  .catch(async (error) => {
    await cleanup();
    console.error(`bench failed: ${error.message}`);
    process.exit(1);
  });
