// Load test: signed-in organisers and anonymous visitors submitting registration forms against
// two BFF processes on one private Redis, in front of the reference upstream on a private PostgreSQL
// database (created here, dropped at the end). Loopback only, bounded in time; see docs/operations.md.
//
// LOAD_SECONDS (60), LOAD_SESSIONS (500), LOAD_VISITORS (100), LOAD_THINK_MS (2500) change the size. Exit code 1 on any 5xx,
// network error or lost registration.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort, startPrivateRedis } from '../../scripts/lib/redis.mjs';
import { cpuMicros, httpOk, memory, startNode } from '../bench/processes.mjs';
import { participantEntry } from '../support/participant-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 500);
const VISITORS = Number(process.env.LOAD_VISITORS ?? 100);
const ADMIN_DB = process.env.LOAD_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SLUG = 'sii-2027';
const DEMO = { email: 'organiser@demo.example', password: 'demo-organiser-2026' };
const RUN = randomBytes(4).toString('hex');
// the BFFs run in production, where /metrics answers only the bearer of METRICS_TOKEN
const METRICS_TOKEN = randomBytes(32).toString('base64url');
const WRITE = { 'content-type': 'application/json', 'x-requested-with': 'evt-spa' };

const log = (...args) => console.log('[load]', ...args);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** mean pause between two actions of one user (uniform between half and one and a half of it) */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 2500);
const think = () => sleep(THINK_MS * (0.5 + Math.random()));

const agent = new http.Agent({ keepAlive: true, maxSockets: 400 });

/** One request; resolves { status, body, ms } (status 0: network error or 30 s without an answer). */
function request(base, method, pathname, { headers = {}, body } = {}) {
  const started = performance.now();
  const url = new URL(pathname, base);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers: payload ? { ...headers, 'content-length': payload.length } : headers,
        timeout: 30_000,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
        res.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, headers: {}, body: '', ms: performance.now() - started }));
    req.end(payload);
  });
}

const stats = {
  requests: 0,
  http5xx: 0,
  networkErrors: 0,
  latencies: [],
  byStatus: new Map(),
  byKind: new Map(),
};
let measuring = false;
function record(answer, kind = 'other') {
  if (!measuring) return answer;
  stats.requests++;
  stats.latencies.push(answer.ms);
  if (!stats.byKind.has(kind)) stats.byKind.set(kind, []);
  stats.byKind.get(kind).push(answer.ms);
  stats.byStatus.set(answer.status, (stats.byStatus.get(answer.status) ?? 0) + 1);
  if (answer.status === 0) stats.networkErrors++;
  else if (answer.status >= 500) stats.http5xx++;
  return answer;
}

let ipSeq = 0;
/** a distinct client address per visitor submission (the BFF trusts X-Forwarded-For from loopback) */
const nextIp = () => {
  const n = ipSeq++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function signIn(bffs, i) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const answer = await request(bffs[i % bffs.length].url, 'POST', '/api/auth/login', {
      headers: { ...WRITE, 'x-forwarded-for': `172.16.${(i >> 8) & 255}.${i & 255}` },
      body: DEMO,
    });
    if (answer.status === 200) {
      const cookie = String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0];
      return cookie;
    }
    await sleep(200 * (attempt + 1));
  }
  throw new Error(`sign-in ${i} failed`);
}

async function organiser(bffs, cookie, until) {
  const headers = { cookie };
  let orgs = [];
  while (Date.now() < until) {
    // no stickiness: each request may land on either instance, as behind a round-robin balancer
    const base = bffs[Math.floor(Math.random() * bffs.length)].url;
    const dice = Math.random();
    if (dice < 0.4 || orgs.length === 0) {
      const answer = record(await request(base, 'GET', '/api/organizations', { headers }), 'proxied GET');
      if (answer.status === 200) {
        const parsed = JSON.parse(answer.body);
        orgs = (Array.isArray(parsed) ? parsed : (parsed.data ?? [])).map((o) => o.id);
      }
    } else if (dice < 0.7) {
      record(await request(base, 'GET', '/api/auth/me', { headers }), '/auth/me (+ upstream userinfo)');
    } else if (dice < 0.9) {
      const id = orgs[Math.floor(Math.random() * orgs.length)];
      record(await request(base, 'GET', `/api/organizations/${id}`, { headers }), 'proxied GET');
    } else {
      const id = orgs[Math.floor(Math.random() * orgs.length)];
      record(
        await request(base, 'PUT', '/api/session/selection', {
          headers: { ...headers, ...WRITE },
          body: { organizationId: id },
        }),
        'selection PUT',
      );
    }
    await think();
  }
}

const participant = (email) => participantEntry(email, 'Charge');

const registrations = { accepted: 0, refused: 0, unknown: 0 };
let submitCounter = 0;

async function visitor(bffs, v, until, formsAvailable) {
  while (Date.now() < until) {
    const base = bffs[(v + submitCounter) % bffs.length].url;
    const ip = nextIp();
    if (!formsAvailable) {
      for (const page of ['/', '/en/events', '/jp/']) {
        record(
          await request(base, 'GET', page, { headers: { 'x-forwarded-for': ip, accept: 'text/html' } }),
          'public page',
        );
        await think();
      }
      continue;
    }
    record(
      await request(base, 'GET', `/api/public/events/${SLUG}/forms`, { headers: { 'x-forwarded-for': ip } }),
      'public forms GET',
    );
    await think();
    const email = `load-${RUN}-${v}-${submitCounter++}@example.org`;
    const answer = record(
      await request(base, 'POST', `/api/public/events/${SLUG}/registrations/participant`, {
        headers: { ...WRITE, 'x-forwarded-for': ip },
        body: { locale: 'fr', data: participant(email) },
      }),
      'registration POST',
    );
    if (answer.status === 202 || answer.status === 201) registrations.accepted++;
    else if (answer.status === 0 || answer.status >= 500) registrations.unknown++;
    else {
      registrations.refused++;
      if (registrations.refused <= 3) log('registration refused', answer.status, answer.body.slice(0, 300));
    }
    await think();
  }
}

/** The BFFs' request duration histogram summed over routes and instances: le -> count. */
async function serverHistogram(bffs) {
  const sums = new Map();
  for (const bff of bffs) {
    const headers = { authorization: `Bearer ${METRICS_TOKEN}` };
    const text = (await request(bff.url, 'GET', '/metrics', { headers })).body;
    for (const match of text.matchAll(
      /^bff_http_request_duration_seconds_bucket\{le="([^"]+)"[^}]*\} (\d+)/gm,
    )) {
      sums.set(match[1], (sums.get(match[1]) ?? 0) + Number(match[2]));
    }
  }
  return sums;
}

/** The bucket bound under which the fraction q of the run's requests were answered. */
function serverQuantile(before, after, q) {
  const les = [...after.keys()].sort((x, y) =>
    x === '+Inf' ? 1 : y === '+Inf' ? -1 : Number(x) - Number(y),
  );
  const delta = (le) => (after.get(le) ?? 0) - (before.get(le) ?? 0);
  const total = delta('+Inf');
  for (const le of les) if (delta(le) >= q * total) return le;
  return '+Inf';
}

async function main() {
  const started = Date.now();
  const dbName = `evt_load_${RUN}`;
  const admin = new pg.Client({ connectionString: ADMIN_DB });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(ADMIN_DB);
  dbUrl.pathname = `/${dbName}`;
  const children = [];
  let redis;
  try {
    redis = await startPrivateRedis();
    const webhookKey = randomBytes(24).toString('base64url');
    const upstreamPort = await freePort();
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const upstream = await startNode(
      'upstream',
      ['--import', 'tsx', path.join(root, 'upstream/src/main.ts')],
      {
        PATH: process.env.PATH,
        HOST: '127.0.0.1',
        PORT: String(upstreamPort),
        DATABASE_URL: dbUrl.toString(),
        AUTOMATION_WEBHOOK_HEADER_VALUE: webhookKey,
        UPSTREAM_SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      () => httpOk(`${upstreamUrl}/health`),
      120_000,
    );
    children.push(upstream);
    const webDist = existsSync(path.join(root, 'web/dist/index.html'))
      ? path.join(root, 'web/dist')
      : path.join(root, 'tests/integration/support/web-dist');
    const sessionSecret = randomBytes(32).toString('base64url');
    const bffs = [];
    for (const name of ['bff-1', 'bff-2']) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const bff = await startNode(
        name,
        ['--import', 'tsx', path.join(root, 'bff/src/main.ts')],
        {
          PATH: process.env.PATH,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          PUBLIC_URL: url,
          UPSTREAM_API_URL: upstreamUrl,
          AUTOMATION_WEBHOOK_URL: `${upstreamUrl}/webhook`,
          AUTOMATION_WEBHOOK_HEADER_VALUE: webhookKey,
          REDIS_URL: redis.url,
          SESSION_SECRET: sessionSecret,
          METRICS_TOKEN,
          TRUST_PROXY: 'loopback',
          RATE_LIMIT_AUTH_MAX: '100000',
          LOG_LEVEL: 'warn',
          WEB_DIST_DIR: webDist,
        },
        () => httpOk(`${url}/readyz`),
        120_000,
      );
      children.push(bff);
      bffs.push({ ...bff, url });
    }
    log(
      `started in ${((Date.now() - started) / 1000).toFixed(1)} s: upstream on PostgreSQL ${dbName}, 2 BFFs`,
    );

    const probe = await request(bffs[0].url, 'GET', `/api/public/events/${SLUG}/forms`);
    const formsAvailable = probe.status === 200;
    if (!formsAvailable) {
      log(
        `PUBLIC REGISTRATION ROUTES NOT AVAILABLE (GET /api/public/events/${SLUG}/forms -> ${probe.status}):`,
        'the visitors browse public pages instead of submitting forms',
      );
    }

    const signInStarted = Date.now();
    const cookies = new Array(SESSIONS);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < SESSIONS) {
          const i = next++;
          cookies[i] = await signIn(bffs, i);
        }
      }),
    );
    log(`${SESSIONS} sessions signed in in ${((Date.now() - signInStarted) / 1000).toFixed(1)} s`);

    // memory: sampled every second; "flat" compares the second quarter of the run with the last one
    const samples = bffs.map(() => []);
    const peaks = bffs.map(() => 0);
    const sampler = setInterval(() => {
      bffs.forEach((bff, i) => {
        const { rss, hwm } = memory(bff.pid);
        samples[i].push(rss);
        peaks[i] = Math.max(peaks[i], hwm, rss);
      });
    }, 1000);

    const histogramBefore = await serverHistogram(bffs);
    const measured = [...bffs, upstream];
    const cpuBefore = measured.map((child) => cpuMicros(child.pid));
    measuring = true;
    const runStarted = Date.now();
    const until = runStarted + SECONDS * 1000;
    await Promise.all([
      ...cookies.map(async (cookie, i) => {
        await sleep((i / SESSIONS) * 1000);
        await organiser(bffs, cookie, until);
      }),
      ...Array.from({ length: VISITORS }, async (_, v) => {
        await sleep((v / VISITORS) * 1000);
        await visitor(bffs, v, until, formsAvailable);
      }),
    ]);
    measuring = false;
    clearInterval(sampler);
    const elapsed = (Date.now() - runStarted) / 1000;
    const histogramAfter = await serverHistogram(bffs);
    const cpuSeconds = measured.map((child, i) => (cpuMicros(child.pid) - cpuBefore[i]) / 1e6);

    let stored = 0;
    if (formsAvailable) {
      const db = new pg.Client({ connectionString: dbUrl.toString() });
      await db.connect();
      const { rows } = await db.query('SELECT count(*)::int AS n FROM registrations WHERE email LIKE $1', [
        `load-${RUN}-%`,
      ]);
      stored = rows[0].n;
      await db.end();
    }
    const lost = Math.max(0, registrations.accepted - stored);

    const sorted = stats.latencies.sort((x, y) => x - y);
    const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
    const mb = (bytes) => Math.round(bytes / 1024 / 1024);
    log(
      `run: ${elapsed.toFixed(1)} s, ${stats.requests} requests, ${(stats.requests / elapsed).toFixed(0)} req/s`,
    );
    log('statuses:', Object.fromEntries([...stats.byStatus].sort((x, y) => x[0] - y[0])));
    for (const [kind, values] of [...stats.byKind].sort()) {
      values.sort((x, y) => x - y);
      const at = (p) => values[Math.min(values.length - 1, Math.floor((values.length * p) / 100))].toFixed(1);
      log(`  ${kind}: ${values.length} requests, p50 ${at(50)} ms, p99 ${at(99)} ms`);
    }
    log(
      `server side (the BFFs' own histogram, both instances, run only): p50 <= ${serverQuantile(histogramBefore, histogramAfter, 0.5)} s, p99 <= ${serverQuantile(histogramBefore, histogramAfter, 0.99)} s`,
    );
    log(
      `latency ms: p50 ${pct(50).toFixed(1)}, p90 ${pct(90).toFixed(1)}, p99 ${pct(99).toFixed(1)}, max ${pct(100).toFixed(1)}`,
    );
    log(
      `registrations: accepted ${registrations.accepted}, refused ${registrations.refused}, unknown ${registrations.unknown}, in the database ${stored}`,
    );
    let flat = true;
    bffs.forEach((bff, i) => {
      const s = samples[i];
      const q = Math.max(1, Math.floor(s.length / 4));
      const avg = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      const second = avg(s.slice(q, 2 * q));
      const last = avg(s.slice(-q));
      const growth = second ? ((last - second) / second) * 100 : 0;
      if (growth > 25) flat = false;
      log(
        `${bff.name} (pid ${bff.pid}): peak RSS ${mb(peaks[i])} MB; RSS 2nd quarter ${mb(second)} MB -> last quarter ${mb(last)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} %)`,
      );
    });
    log(
      `CPU used during the run: ${measured.map((child, i) => `${child.name} ${cpuSeconds[i].toFixed(1)} s`).join(', ')} (of ${elapsed.toFixed(0)} s; BFFs ${((1000 * (cpuSeconds[0] + cpuSeconds[1])) / Math.max(1, stats.requests)).toFixed(2)} ms CPU per request)`,
    );
    log(`memory flat over the run: ${flat ? 'yes' : 'NO'}`);
    if (!formsAvailable) log('NOTE: no form was submitted (public registration routes not available)');
    if (stats.networkErrors) log(`network errors: ${stats.networkErrors}`);
    console.log(
      `LOAD sessions=${SESSIONS} visitors=${VISITORS} requests=${stats.requests} http5xx=${stats.http5xx} lost_registrations=${lost} p99_ms=${pct(99).toFixed(1)} peak_rss_mb=${mb(Math.max(...peaks))}`,
    );
    process.exitCode = stats.http5xx || stats.networkErrors || lost ? 1 : 0;
  } finally {
    agent.destroy();
    await Promise.all(children.map((child) => child.stop().catch(() => {})));
    await redis?.stop();
    await admin
      .query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      .catch((error) => log('drop failed', error.message));
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
