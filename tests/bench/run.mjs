// `npm run bench`: the BFF against a bare node:http pipe proxy and direct calls, all on loopback, each
// server in its own process; first against the reference upstream, then against a fast stub upstream that
// gives the same answers without a database (so the proxies' own cost is what is measured; the headline
// comes from it). Each measurement is run BENCH_RUNS times (3), the targets taking turns, and the medians
// are printed: rps, p50/p99 latency, CPU time per request of the process answering (read by each server
// itself, tests/bench/cpu-probe.mjs: the steadiest figure on a shared machine; what each spends idle, such
// as the BFF's job queue polling, is measured first and taken off), the peak-memory check of a
// 1 GB body pushed through the BFF, then
//   BENCH get_cpu_us_bff=<µs> get_cpu_us_bare=<µs> get_cpu_ratio=<BFF/bare> get_added_p50_ms_bff=<ms>
//         get_added_p50_ms_bare=<ms> get_added_p50_ratio=<BFF/bare>   (GET /organizations, 1 connection;
//         figures are medians over the runs, ratios the median of each round's own BFF/bare ratio)
// and as its last line:
//   BENCH bff_vs_bare_rps=<ratio> bff_added_p50_ms=<ms at 1 connection>
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, startPrivateRedis } from '../../scripts/lib/redis.mjs';
import { memory, resetPeak, startBffProcess, startNode, startReferenceUpstream } from './processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 1);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 ** 3);
/**
 * The streamed upload: the largest image the event-logo operation takes (ORGANIZATION_IMAGE_MAX_BYTES in
 * contracts/src/upstream-events.ts, 5 MiB); uploads are bounded, so a larger one is refused with 413.
 */
const STREAM_BYTES = Number(process.env.BENCH_STREAM_BYTES ?? 5 * 1024 ** 2);
const CSRF = { 'x-requested-with': 'evt-spa' };
const DEMO = { email: 'organiser@demo.example', password: 'demo-organiser-2026' };
const BFF_LOG_LEVEL = process.env.BENCH_BFF_LOG_LEVEL ?? 'warn';
/** BENCH_UPSTREAM=reference: only the reference upstream (its own work then dominates every figure). */
const ONLY_REFERENCE = process.env.BENCH_UPSTREAM === 'reference';
/** BENCH_UPSTREAM=stub: only the stub upstream (the proxies' own cost; the quicker run while profiling). */
const ONLY_STUB = process.env.BENCH_UPSTREAM === 'stub';
const ONLY_METHOD = process.env.BENCH_ONLY?.toUpperCase();
/** Each figure is the median of this many runs (odd, so the median is one run's figure). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** Seconds of no load over which each target's idle CPU rate is measured. */
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 5);

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

const median = (values) => {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

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
  const cpuBefore = await target.cpuUsage();
  const started = performance.now();
  const result = await load({ ...request, duration: DURATION_S });
  const seconds = (performance.now() - started) / 1000;
  // what the process spends with no request at all (the BFF's job queue polls Redis and the upstream each
  // second) is not a request's cost: taken off at the rate measured idle (idleCpuRate)
  const cpu = (await target.cpuUsage()) - cpuBefore - (target.idleUsPerS ?? 0) * seconds;
  return { ...result, cpuPerRequestUs: result.requests ? cpu / result.requests : Number.NaN };
}

/** CPU µs per second a target spends answering nothing, over IDLE_S seconds after its warm-up. */
async function idleCpuRate(target) {
  const before = await target.cpuUsage();
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
  const seconds = (performance.now() - started) / 1000;
  // the probe's own reading costs a little: never negative
  return Math.max(0, ((await target.cpuUsage()) - before) / seconds);
}

/**
 * Pushes `bytes` through a proxy (BFF or bare) in one request and reports how far it got, how fast, and how much the
 * proxy process's peak RSS (VmHWM, reset first) rose.
 */
async function bigUpload(bff, { method, path: urlPath, contentType }, bytes) {
  const resetOk = resetPeak(bff.pid);
  const peakBefore = resetOk ? memory(bff.pid).rss : memory(bff.pid).hwm;
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const head = contentType === 'application/json' ? Buffer.from('{"name":"') : chunk.subarray(0, 0);
  let sent = 0;
  const began = Date.now();
  const outcome = await new Promise((resolve) => {
    const req = http.request({
      hostname: '127.0.0.1',
      port: bff.port,
      method,
      path: urlPath,
      headers: { cookie: bff.cookie, ...CSRF, 'content-type': contentType, 'content-length': String(bytes) },
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
    const write = () => {
      while (sent < bytes && !finished) {
        const size = Math.min(chunk.length, bytes - sent);
        const piece = sent === 0 && head.length > 0 ? head : chunk.subarray(0, size);
        sent += piece.length;
        if (!req.write(piece)) return req.once('drain', write);
      }
      if (sent >= bytes) req.end();
    };
    write();
  });
  const seconds = (Date.now() - began) / 1000;
  const peak = memory(bff.pid).hwm;
  return { ...outcome, sent, seconds, peakRaiseBytes: peak - peakBefore, resetOk };
}

function describeUpload(label, upload, total = UPLOAD_BYTES) {
  const raise = upload.peakRaiseBytes / 1024 ** 2;
  const mib = (n) => (n / 1024 ** 2).toFixed(0);
  log(
    `${label}: ${mib(upload.sent)} of ${mib(total)} MiB sent in ${upload.seconds.toFixed(1)}s, ` +
      `HTTP ${upload.status || '-'} (${upload.how}); peak RSS raise ${raise.toFixed(1)} MiB` +
      `${upload.resetOk ? '' : ' (VmHWM not resettable: raise over the earlier peak)'}`,
  );
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => row[i].length)));
  for (const row of rows) {
    log(row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
  }
}

async function startBff(redis, upstreamOrigin, webhookValue) {
  const bff = await startBffProcess({
    redisUrl: redis.url,
    upstreamOrigin,
    webhookHeaderValue: webhookValue,
    logLevel: BFF_LOG_LEVEL,
    rateLimitAuthMax: 1000,
  });
  const { origin } = bff;
  // A session cookie through the BFF's own login.
  const { response } = await json(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...CSRF },
    body: JSON.stringify(DEMO),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('the BFF login set no cookie');
  return { ...bff, cookie };
}

async function startBare(upstreamOrigin, token) {
  const port = await freePort();
  const bare = await startNode(
    'bare proxy',
    [
      ...(process.env.BENCH_BFF_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_BFF_CPU_PROF)}/bare`]
        : []),
      path.join(root, 'tests/bench/bare-proxy.mjs'),
    ],
    { PATH: process.env.PATH, PORT: String(port), TARGET: upstreamOrigin, TOKEN: token },
    () => fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer().then(() => true)),
  );
  return { ...bare, port, cookie: '', origin: `http://127.0.0.1:${port}` };
}

/** The 2 requests x 3 paths x 2 concurrencies against one upstream; returns the two headline figures. */
async function phase(label, upstream, redis, webhookValue, token, org, writeBody, after = async () => {}) {
  const bff = await startBff(redis, upstream.origin, webhookValue);
  const bare = await startBare(upstream.origin, token);
  try {
    const targets = [
      {
        name: 'BFF',
        cpuUsage: bff.cpuUsage,
        base: `${bff.origin}/api`,
        headers: { cookie: bff.cookie },
        writeHeaders: CSRF,
      },
      { name: 'bare proxy', cpuUsage: bare.cpuUsage, base: bare.origin, headers: {}, writeHeaders: {} },
      {
        name: 'direct',
        cpuUsage: upstream.cpuUsage,
        base: upstream.origin,
        headers: { authorization: `Bearer ${token}` },
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
    // BENCH_ONLY=GET (or PUT): one request's runs alone, e.g. for a CPU profile of that path
    if (ONLY_METHOD)
      scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => s.name.startsWith(ONLY_METHOD)));
    log(`== ${label} (medians of ${RUNS} runs; CPU/req min–max across them)`);
    // one warm-up of each target first, so the idle rate is that of a process that has served requests
    for (const target of targets)
      await load({ ...scenarios[0].request(target), connections: 1, duration: WARMUP_S });
    for (const target of targets) target.idleUsPerS = await idleCpuRate(target);
    log(
      `idle CPU (taken off CPU/req): ${targets.map((t) => `${t.name} ${(t.idleUsPerS / 1000).toFixed(1)} ms/s`).join(', ')}`,
    );
    const rows = [
      ['request', 'via', 'conns', 'rps', 'p50 ms', 'p99 ms', 'CPU/req µs', 'CPU min–max', 'non-2xx'],
    ];
    const results = {};
    for (const scenario of scenarios) {
      // BENCH_CONNECTIONS=1 (the quiet CPU measurement): one set of runs, not the same one twice
      for (const connections of new Set([1, CONNECTIONS])) {
        // the targets take turns, so a burst of load from elsewhere on the machine hits each of them alike
        const runs = new Map(targets.map((target) => [target.name, []]));
        for (let run = 0; run < RUNS; run++) {
          for (const target of targets)
            runs.get(target.name).push(await measure(target, scenario, connections));
        }
        for (const target of targets) {
          const all = runs.get(target.name);
          const pick = (key) => median(all.map((r) => r[key]));
          const cpus = all.map((r) => r.cpuPerRequestUs);
          const r = {
            rps: pick('rps'),
            p50: pick('p50'),
            p99: pick('p99'),
            cpuPerRequestUs: pick('cpuPerRequestUs'),
            non2xx: all.reduce((sum, one) => sum + one.non2xx, 0),
            runs: all,
          };
          results[`${scenario.name}|${target.name}|${connections}`] = r;
          rows.push([
            scenario.name,
            target.name,
            String(connections),
            r.rps.toFixed(0),
            r.p50.toFixed(3),
            r.p99.toFixed(3),
            r.cpuPerRequestUs.toFixed(0),
            `${Math.min(...cpus).toFixed(0)}–${Math.max(...cpus).toFixed(0)}`,
            String(r.non2xx),
          ]);
        }
      }
    }
    table(rows);
    const ratios = [];
    const added = [];
    const perScenario = {};
    for (const scenario of scenarios) {
      const get = (via, conns) => results[`${scenario.name}|${via}|${conns}`];
      const ratio = get('BFF', CONNECTIONS).rps / get('bare proxy', CONNECTIONS).rps;
      const addedP50 = get('BFF', 1).p50 - get('direct', 1).p50;
      const bareAdded = get('bare proxy', 1).p50 - get('direct', 1).p50;
      // ratios within each round (BFF, bare proxy and direct measured back to back), then their median:
      // a slower minute on the shared machine weighs on both sides of a ratio alike
      const paired = (conns, of) =>
        median(get('BFF', conns).runs.map((bffRun, i) => of(bffRun, get('bare proxy', conns).runs[i], i)));
      const cpu = (conns) => ({
        bff: get('BFF', conns).cpuPerRequestUs,
        bare: get('bare proxy', conns).cpuPerRequestUs,
        ratio: paired(conns, (b, p) => b.cpuPerRequestUs / p.cpuPerRequestUs),
      });
      const directRuns = get('direct', 1).runs;
      const addedRatio = paired(1, (b, p, i) => (b.p50 - directRuns[i].p50) / (p.p50 - directRuns[i].p50));
      ratios.push(ratio);
      added.push(addedP50);
      const c1 = cpu(1);
      const cN = cpu(CONNECTIONS);
      perScenario[scenario.name] = { cpu1: c1, cpuN: cN, addedP50, bareAdded, addedRatio };
      log(
        `${scenario.name}: BFF/bare rps at ${CONNECTIONS} conns ${ratio.toFixed(2)}; p50 added over direct ` +
          `at 1 conn: BFF ${addedP50.toFixed(3)} ms, bare proxy ${bareAdded.toFixed(3)} ms ` +
          `(${addedRatio.toFixed(2)}x); CPU/req BFF/bare: ${c1.bff.toFixed(0)}/${c1.bare.toFixed(0)} µs ` +
          `(${c1.ratio.toFixed(2)}x) at 1 conn, ${cN.bff.toFixed(0)}/${cN.bare.toFixed(0)} µs ` +
          `(${cN.ratio.toFixed(2)}x) at ${CONNECTIONS} (ratios: medians of each round's own)`,
      );
    }
    log('');
    await after(bff, bare);
    // Worst case of the two requests: the aim holds only if it holds for both.
    return { ratio: Math.min(...ratios), added: Math.max(...added), get: perScenario['GET /organizations'] };
  } finally {
    await bare.stop();
    await bff.stop();
  }
}

async function main() {
  const redis = await startPrivateRedis();
  cleanups.push(() => redis.stop());
  const webhookValue = randomBytes(24).toString('hex');

  const reference = await startReferenceUpstream(webhookValue);
  cleanups.push(reference.stop);

  // A token straight from the upstream for the bare proxy and the direct calls.
  const { body: tokenBody } = await json(`${reference.origin}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  const token = tokenBody.access_token;
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const { body: organizations } = await json(`${reference.origin}/organizations`, auth);
  const { body: userinfo } = await json(`${reference.origin}/auth/userinfo`, auth);
  const org = organizations.data[0];
  // what the demo organiser holds in an event of theirs, for the stub's permission reads
  const { body: events } = await json(`${reference.origin}/organizations/${org.id}/events`, auth);
  const { body: mine } = await json(`${reference.origin}/permissions/events/${events.data[0].id}`, auth);
  const writeBody = JSON.stringify({
    name: org.name,
    description: org.description,
    website: org.website,
    email: org.email,
    phone: org.phone,
    country: org.country,
  });

  log(
    `bench: ${WARMUP_S}s warm-up + ${DURATION_S}s per run, ${RUNS} runs per figure (medians), loopback, Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  log(
    `BFF: NODE_ENV=production, Redis sessions, LOG_LEVEL=${BFF_LOG_LEVEL}; bare proxy: node:http + keep-alive agent`,
  );
  log(
    'CPU/req: process.cpuUsage() (user + system, all threads) of the process answering the client (BFF, ' +
      'bare proxy, or the upstream for direct) over a run, less its idle rate (measured with no load over ' +
      `${IDLE_S}s) times the run's length, divided by its requests`,
  );
  log('');

  // A validated JSON route must refuse a huge body without buffering it.
  const referencePhase = () =>
    phase(
      'reference upstream (PGlite, in memory)',
      reference,
      redis,
      webhookValue,
      token,
      org,
      writeBody,
      async (bff) => {
        const refused = await bigUpload(
          bff,
          { method: 'PUT', path: `/api/organizations/${org.id}`, contentType: 'application/json' },
          UPLOAD_BYTES,
        );
        describeUpload(`huge JSON body at PUT /api/organizations/${org.id} (validated route)`, refused);
        log('');
      },
    );

  // the stub phase alone (BENCH_UPSTREAM=stub) still logs in and reads its fixtures from the reference
  let headline = ONLY_STUB ? null : await referencePhase();
  if (!ONLY_REFERENCE) {
    const stubPort = await freePort();
    const stub = await startNode(
      'stub upstream',
      [path.join(root, 'tests/bench/stub-upstream.mjs')],
      {
        PATH: process.env.PATH,
        PORT: String(stubPort),
        TOKEN: token,
        FIXTURES: JSON.stringify({
          userinfo,
          organizations,
          organization: org,
          permissions: mine.permissions,
        }),
      },
      () => fetch(`http://127.0.0.1:${stubPort}/`).then((r) => r.arrayBuffer().then(() => true)),
    );
    stub.origin = `http://127.0.0.1:${stubPort}`;
    cleanups.push(stub.stop);
    // The streamed path (no upload route in this issue yet: the webhook gateway's raw-body operation
    // event-logo streams the same way), against the stub that reads every byte; the bare proxy for scale.
    headline = await phase(
      'fast stub upstream (same answers, no database: what the proxies themselves cost)',
      stub,
      redis,
      webhookValue,
      token,
      org,
      writeBody,
      async (bff, bare) => {
        const raw = { method: 'POST', contentType: 'image/png' };
        const viaBff = await bigUpload(
          bff,
          { ...raw, path: '/api/automation/eventLogo?eventId=1' },
          STREAM_BYTES,
        );
        describeUpload(
          'largest logo streamed through the BFF (POST /api/automation/eventLogo)',
          viaBff,
          STREAM_BYTES,
        );
        const viaBare = await bigUpload(
          bare,
          { ...raw, path: '/webhook/event-logo?eventId=1' },
          STREAM_BYTES,
        );
        describeUpload('largest logo streamed through the bare proxy (for scale)', viaBare, STREAM_BYTES);
        log('');
      },
    );
  }

  log(`bench finished in ${((Date.now() - started) / 1000).toFixed(0)}s`);
  log(
    `headline: ${ONLY_REFERENCE ? 'reference' : 'stub'} upstream; worst of GET and PUT; ` +
      `rps ratio at ${CONNECTIONS} connections, p50 at 1 connection`,
  );
  const get = headline.get;
  if (get)
    log(
      `BENCH get_cpu_us_bff=${get.cpu1.bff.toFixed(0)} get_cpu_us_bare=${get.cpu1.bare.toFixed(0)} ` +
        `get_cpu_ratio=${get.cpu1.ratio.toFixed(2)} ` +
        `get_added_p50_ms_bff=${get.addedP50.toFixed(3)} get_added_p50_ms_bare=${get.bareAdded.toFixed(3)} ` +
        `get_added_p50_ratio=${get.addedRatio.toFixed(2)}`,
    );
  log(`BENCH bff_vs_bare_rps=${headline.ratio.toFixed(2)} bff_added_p50_ms=${headline.added.toFixed(3)}`);
}

async function cleanup() {
  for (const stop of cleanups.reverse()) await stop().catch(() => {});
}

// about 2 × 12 × (warm-up + run) per round of runs, plus the uploads and the starts
const WATCHDOG_MIN = 5 + Math.ceil((RUNS * 24 * (WARMUP_S + DURATION_S)) / 60);
const watchdog = setTimeout(() => {
  console.error(`bench: took longer than ${WATCHDOG_MIN} minutes, stopping`);
  cleanup().finally(() => process.exit(1));
}, WATCHDOG_MIN * 60_000);
watchdog.unref();

main()
  .then(cleanup)
  .catch(async (error) => {
    await cleanup();
    console.error(`bench failed: ${error.message}`);
    process.exit(1);
  });
