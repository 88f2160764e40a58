// `npm run bench -- fair`: a 30,000-visitor fair's day at three times its size, on PostgreSQL as deployed.
// Loads 100,000 registrations (2,000 of them B2B companies) into one event of the reference upstream on a
// private database, runs the BFF in this process with a real Redis, and prints
// `BENCH fair_list_p95_ms=… fair_list_vs_me_ratio=… fair_export_100k_s=… fair_export_xlsx_100k_s=…
// fair_export_peak_rss_mb=… checkin_scans_per_s=… checkin_duplicates=… checkin_offline_lost=… leads_per_s=…
// leads_lost=…`:
// - the registrations list's p95 over the first, middle and last page, a search and two filters (each
//   asked REPEAT times), and its ratio to `GET /api/auth/me` measured in the same run (the BFF's floor);
// - the server's export of every row, CSV then Excel, written by a job worker process, and that process's
//   peak RSS growth while it runs;
// - 20 exhibitors' phones scanning visitors' badges at once (`leads_per_s`, `leads_lost`);
// - 20 check-in devices scanning at once, one scan per request as the page sends them online, 10 % of
//   people scanned at two desks (exactly one "checked in" each: duplicates counts the others), then 5
//   devices that were offline syncing their queued scans in batches (lost counts scanned people left
//   without a check-in).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_ORGANISER } from '@evt/upstream/seed/demo';
import { withPrivateDatabase, postgresReachable } from '@evt/upstream/db/test-postgres';
import { startTestUpstream, type TestUpstream } from '@evt/upstream/test-helpers';
import { startPrivateRedis } from '../../scripts/lib/redis.mjs';
import { badgeKey, signBadgeToken } from '../../bff/src/badges/token';
import { apiCaller, JSON_WRITE, login, type RunningBff, startBff, testConfig } from '../../bff/test/helpers';
import { sha256 } from '@evt/upstream/model/registrations';
import { nodeEntry } from '../support/node-entry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOTAL = Number(process.env.BENCH_FAIR_REGISTRATIONS ?? 100_000);
const COMPANIES = 2000;
const REPEAT = 20;
const DEVICES = 20;
const OFFLINE_DEVICES = 5;
const SCANS_PER_DEVICE = 150;
const OFFLINE_SCANS = 200;

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

/** One event of the demo organiser's with TOTAL registrations: names, kinds, statuses and dates of a fair. */
async function loadFair(upstream: TestUpstream): Promise<number> {
  const [event] = await upstream.db.query<{ id: number }>(
    `INSERT INTO events (organization_id, name, slug, start_date, end_date)
     SELECT m.organization_id, 'Salon 100k', 'fair-bench', now() + interval '30 days', now() + interval '32 days'
       FROM organization_members m JOIN users u ON u.id = m.user_id WHERE u.email = $1 LIMIT 1
     RETURNING id`,
    [DEMO_ORGANISER.email],
  );
  const eventId = Number(event?.id);
  // deterministic people: first and last names from lists, 85 % confirmed, 10 % pending, 5 % cancelled
  await upstream.db.query(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale,
                                data, created_at, confirmed_at)
     SELECT $1,
            CASE WHEN i < $3 THEN 'b2b' WHEN i % 20 = 0 THEN 'exhibitor' ELSE 'participant' END,
            CASE WHEN i < $3 THEN 'b2b' WHEN i % 20 = 0 THEN 'exhibitor' ELSE 'participant' END,
            CASE WHEN i % 20 = 7 THEN 'cancelled' WHEN i % 10 = 3 THEN 'pending' ELSE 'confirmed' END,
            'visitor' || i || '@fair.test',
            f || ' ' || l, l, f,
            (ARRAY['fr', 'en', 'ja'])[1 + i % 3],
            CASE WHEN i < $3 THEN jsonb_build_object('companyName', 'Société ' || i) ELSE '{}'::jsonb END,
            now() - make_interval(mins => ($2 - i)),
            CASE WHEN i % 20 = 7 OR i % 10 = 3 THEN NULL ELSE now() - make_interval(mins => ($2 - i)) END
       FROM generate_series(0, $2 - 1) AS i,
            LATERAL (SELECT (ARRAY['Camille','Louis','Emma','Hugo','Yuki','Kenji','Sarah','Lucas','Aiko','Jules'])[1 + i % 10] AS f,
                            (ARRAY['Martin','Bernard','Dubois','Tanaka','Suzuki','Petit','Durand','Leroy','Moreau','Sato','Lefebvre','Garcia'])[1 + (i / 10) % 12] AS l) AS n`,
    [eventId, TOTAL, COMPANIES],
  );
  await upstream.db.query('ANALYZE registrations');
  return eventId;
}

async function timed(call: () => Promise<{ status: number }>): Promise<number> {
  const started = performance.now();
  const answer = await call();
  if (answer.status !== 200) throw new Error(`answered ${answer.status}`);
  return performance.now() - started;
}

/** The list's p95 over its pages and filters, and the same run's `GET /api/auth/me` p95. */
async function listFigures(bff: RunningBff, cookie: string, eventId: number) {
  const call = apiCaller(() => bff.url);
  const limit = 100;
  const pages = Math.ceil(TOTAL / limit);
  const cases: Record<string, string> = {
    first: `limit=${limit}`,
    middle: `limit=${limit}&page=${Math.floor(pages / 2)}`,
    last: `limit=${limit}&page=${pages}`,
    search: `limit=${limit}&q=Tanaka`,
    status: `limit=${limit}&status=pending`,
    kind: `limit=${limit}&kind=exhibitor`,
  };
  const all: number[] = [];
  for (const [name, query] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++)
      times.push(await timed(() => call(cookie, 'GET', `/events/${eventId}/registrations?${query}`)));
    console.error(`[bench] list ${name}: p95 ${p95(times).toFixed(1)} ms`);
    all.push(...times);
  }
  const me: number[] = [];
  for (let i = 0; i < REPEAT * 3; i++) me.push(await timed(() => call(cookie, 'GET', '/auth/me')));
  return { listP95: p95(all), meP95: p95(me) };
}

/** The RSS of a process, in bytes (Linux: /proc/<pid>/status), or 0 once it is gone. */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/**
 * The server's export of every row (`fair_export_100k_s`, CSV, then the Excel file): asked for as the page
 * asks, written by a job worker process of its own (`bff/src/jobs/worker-main.ts`, as deployed beside the
 * BFFs, on the same Redis queue), followed until done, then the file downloaded and its rows counted. The
 * worker's RSS is sampled every 50 ms: `fair_export_peak_rss_mb` is its peak over its RSS before the export.
 */
async function exportFigures(
  bff: RunningBff,
  upstream: TestUpstream,
  config: ReturnType<typeof testConfig>,
  cookie: string,
  eventId: number,
) {
  const call = apiCaller(() => bff.url);
  const worker = spawn(process.execPath, nodeEntry(ROOT, 'bff/src/jobs/worker-main.ts'), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: config.publicUrl,
      SESSION_SECRET: config.sessionSecrets[0] ?? '',
      REDIS_URL: config.redisUrl ?? '',
      UPSTREAM_API_URL: upstream.apiUrl,
      AUTOMATION_WEBHOOK_URL: upstream.webhookUrl,
      AUTOMATION_WEBHOOK_HEADER_VALUE: config.webhookHeaderValue,
      JOBS_KEY_PREFIX: config.keyPrefix,
      MAILING_SCAN_MS: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const pid = worker.pid ?? 0;
  // started and idle: its scans have run a few times
  await new Promise((ok) => setTimeout(ok, 5000));
  const one = async (format: 'csv' | 'xlsx') => {
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 50);
    const started = performance.now();
    const asked = await call(cookie, 'POST', `/events/${eventId}/registration-exports`, {
      format,
      locale: 'fr',
      timeZone: 'Europe/Paris',
    });
    if (asked.status !== 202) throw new Error(`export answered ${asked.status}`);
    let state = asked.json as { id: number; status: string; rowsDone: number };
    while (state.status !== 'done') {
      if (state.status === 'failed') throw new Error('the export failed');
      await new Promise((ok) => setTimeout(ok, 100));
      state = (await call(cookie, 'GET', `/events/${eventId}/registration-exports/${state.id}`)).json;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const file = await fetch(`${bff.url}/api/events/${eventId}/registration-exports/${state.id}/file`, {
      headers: { cookie },
    });
    const bytes = Buffer.from(await file.arrayBuffer());
    const lines = format === 'csv' ? bytes.toString('utf8').split('\r\n').length - 2 : state.rowsDone;
    if (lines !== TOTAL) throw new Error(`the ${format} file holds ${lines} rows, not ${TOTAL}`);
    const peakMb = (peak - baseline) / 1e6;
    console.error(
      `[bench] export ${format}: ${state.rowsDone} rows in ${seconds.toFixed(1)} s, ${(bytes.length / 1e6).toFixed(1)} MB, worker RSS ${(baseline / 1e6).toFixed(0)} MB, peak +${peakMb.toFixed(0)} MB`,
    );
    return { seconds, peakMb };
  };
  try {
    const csv = await one('csv');
    const xlsx = await one('xlsx');
    return { seconds: csv.seconds, xlsxSeconds: xlsx.seconds, peakMb: Math.max(csv.peakMb, xlsx.peakMb) };
  } finally {
    worker.kill('SIGTERM');
    await new Promise((ok) => worker.once('exit', ok));
  }
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);
const scanOf = (code: string, desk: string, scannedAt: Date) => ({
  scanId: randomUUID(),
  code,
  desk,
  scannedAt: scannedAt.toISOString(),
});

/** 20 devices online at once, then 5 that were offline syncing: scans per second, duplicates, lost. */
async function checkinFigures(
  bff: RunningBff,
  upstream: TestUpstream,
  config: ReturnType<typeof testConfig>,
  eventId: number,
) {
  const call = apiCaller(() => bff.url);
  const key = badgeKey(null, config.sessionSecrets[0] as string);
  const code = (registrationId: number) => signBadgeToken(key, eventId, registrationId);
  const wanted = DEVICES * SCANS_PER_DEVICE + OFFLINE_DEVICES * OFFLINE_SCANS;
  const ids = (
    await upstream.db.query<{ id: number }>(
      "SELECT id FROM registrations WHERE event_id = $1 AND status = 'confirmed' ORDER BY id LIMIT $2",
      [eventId, wanted],
    )
  ).map((r) => Number(r.id));
  // each device its own people; the first tenth of each list is also scanned at the next desk
  const lists = range(DEVICES).map((d) => ids.slice(d * SCANS_PER_DEVICE, (d + 1) * SCANS_PER_DEVICE));
  const queues = lists.map((list, d) => [
    ...list,
    ...(lists[(d + DEVICES - 1) % DEVICES] ?? []).slice(0, SCANS_PER_DEVICE / 10),
  ]);
  // the devices share the organiser's session (a second sign-in of the same account replaces the first)
  const cookie = (await login(bff.url)).cookie;
  const cookies = range(DEVICES).map(() => cookie);
  const checkedIn = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    range(DEVICES).map(async (d) => {
      for (const id of queues[d] ?? []) {
        const answer = await call(cookies[d] as string, 'POST', `/events/${eventId}/checkins/sync`, {
          scans: [scanOf(code(id), `Desk ${d + 1}`, new Date())],
        });
        if (answer.status !== 200) throw new Error(`scan answered ${answer.status}`);
        if (answer.json.results[0].result.outcome === 'checkedIn')
          checkedIn.set(id, (checkedIn.get(id) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const scans = queues.reduce((sum, queue) => sum + queue.length, 0);
  const duplicates = [...checkedIn.values()].reduce((sum, n) => sum + n - 1, 0);
  // offline devices: their scans queued over the last hour, a tenth of them people already in, then synced
  const offline = range(OFFLINE_DEVICES).map((d) => {
    const own = ids.slice(
      DEVICES * SCANS_PER_DEVICE + d * OFFLINE_SCANS,
      DEVICES * SCANS_PER_DEVICE + (d + 1) * OFFLINE_SCANS,
    );
    const again = ids.slice(d * 10, d * 10 + OFFLINE_SCANS / 10);
    return [...own, ...again].map((id, i) =>
      scanOf(code(id), `Offline ${d + 1}`, new Date(Date.now() - 3_600_000 + i * 1000)),
    );
  });
  await Promise.all(
    offline.map(async (queue, d) => {
      for (let i = 0; i < queue.length; i += 100) {
        const answer = await call(cookies[d] as string, 'POST', `/events/${eventId}/checkins/sync`, {
          scans: queue.slice(i, i + 100),
        });
        if (answer.status !== 200) throw new Error(`sync answered ${answer.status}`);
      }
    }),
  );
  const scanned = ids.slice(0, wanted);
  const [missing] = await upstream.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM unnest($1::int[]) AS s(id)
      WHERE NOT EXISTS (SELECT 1 FROM checkins c WHERE c.registration_id = s.id)`,
    [scanned],
  );
  console.error(`[bench] check-in: ${scans} scans from ${DEVICES} devices in ${seconds.toFixed(1)} s`);
  return { perSecond: scans / seconds, duplicates, lost: Number(missing?.n ?? 0) };
}

const STANDS = 20;
const LEADS_PER_STAND = 100;

/**
 * 20 exhibitors' phones scanning visitors at their stands at once, one scan per request as the page sends
 * them online; nine visitors in ten agreed to share their details. Leads recorded per second, and the
 * consenting visitors scanned who did not become a lead (lost).
 */
async function leadFigures(
  bff: RunningBff,
  upstream: TestUpstream,
  config: ReturnType<typeof testConfig>,
  eventId: number,
) {
  await upstream.db.query(
    `UPDATE registrations SET data = data || '{"shareWithExhibitors": true}'::jsonb
      WHERE event_id = $1 AND kind = 'participant' AND id % 10 <> 9`,
    [eventId],
  );
  const stands = (
    await upstream.db.query<{ id: number }>(
      "SELECT id FROM registrations WHERE event_id = $1 AND kind = 'exhibitor' AND status = 'confirmed' ORDER BY id LIMIT $2",
      [eventId, STANDS],
    )
  ).map((r) => Number(r.id));
  const keys = stands.map((_, i) => i.toString(16).padStart(2, '0').repeat(24));
  for (const [i, stand] of stands.entries())
    await upstream.db.query('INSERT INTO exhibitor_keys (key_hash, registration_id) VALUES ($1, $2)', [
      sha256(keys[i] as string),
      stand,
    ]);
  const visitors = (
    await upstream.db.query<{ id: number; consented: boolean }>(
      `SELECT id, (data ->> 'shareWithExhibitors') = 'true' AS consented FROM registrations
        WHERE event_id = $1 AND kind = 'participant' AND status = 'confirmed' ORDER BY id DESC LIMIT $2`,
      [eventId, STANDS * LEADS_PER_STAND],
    )
  ).map((r) => ({ id: Number(r.id), consented: r.consented }));
  const key = badgeKey(null, config.sessionSecrets[0] as string);
  const [{ slug }] = (await upstream.db.query<{ slug: string }>('SELECT slug FROM events WHERE id = $1', [
    eventId,
  ])) as [{ slug: string }];
  let consenting = 0;
  const started = performance.now();
  await Promise.all(
    stands.map(async (stand, s) => {
      for (const visitor of visitors.slice(s * LEADS_PER_STAND, (s + 1) * LEADS_PER_STAND)) {
        const response = await fetch(`${bff.url}/api/public/exhibitors/${slug}/scans`, {
          method: 'POST',
          headers: { ...JSON_WRITE, 'x-exhibitor-key': `${stand}-${keys[s]}` },
          body: JSON.stringify({
            scans: [
              {
                scanId: randomUUID(),
                code: signBadgeToken(key, eventId, visitor.id),
                scannedBy: `Stand ${s + 1}`,
                scannedAt: new Date().toISOString(),
              },
            ],
          }),
        });
        if (response.status !== 200) throw new Error(`lead scan answered ${response.status}`);
        if (visitor.consented) consenting++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [made] = await upstream.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM leads WHERE exhibitor_id = ANY($1::int[])',
    [stands],
  );
  const scans = STANDS * LEADS_PER_STAND;
  console.error(`[bench] leads: ${scans} scans at ${STANDS} stands in ${seconds.toFixed(1)} s`);
  return { perSecond: scans / seconds, lost: consenting - Number(made?.n ?? 0) };
}

let line =
  'BENCH fair_list_p95_ms=NaN fair_list_vs_me_ratio=NaN fair_export_100k_s=NaN fair_export_xlsx_100k_s=NaN fair_export_peak_rss_mb=NaN checkin_scans_per_s=NaN checkin_duplicates=NaN checkin_offline_lost=NaN leads_per_s=NaN leads_lost=NaN';
const redis = process.env.REDIS_URL ? undefined : await startPrivateRedis();
try {
  if (!(await postgresReachable()))
    throw new Error('no PostgreSQL reachable: the fair bench runs on PostgreSQL');
  await withPrivateDatabase(async (databaseUrl) => {
    const upstream = await startTestUpstream({ dataDir: 'memory://', databaseUrl, seedDemo: true });
    const config = testConfig(upstream, {
      redisUrl: process.env.REDIS_URL ?? (redis as { url: string }).url,
      rateLimitAuthMax: 10_000,
    });
    const bff = await startBff(config);
    try {
      const started = performance.now();
      const eventId = await loadFair(upstream);
      console.error(
        `[bench] ${TOTAL} registrations loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      const cookie = (await login(bff.url)).cookie;
      const list = await listFigures(bff, cookie, eventId);
      const exported = await exportFigures(bff, upstream, config, cookie, eventId);
      const checkin = await checkinFigures(bff, upstream, config, eventId);
      const leads = await leadFigures(bff, upstream, config, eventId);
      line =
        `BENCH fair_list_p95_ms=${list.listP95.toFixed(1)} fair_list_vs_me_ratio=${(list.listP95 / list.meP95).toFixed(1)}` +
        ` fair_export_100k_s=${exported.seconds.toFixed(1)} fair_export_xlsx_100k_s=${exported.xlsxSeconds.toFixed(1)}` +
        ` fair_export_peak_rss_mb=${exported.peakMb.toFixed(0)}` +
        ` checkin_scans_per_s=${checkin.perSecond.toFixed(0)} checkin_duplicates=${checkin.duplicates}` +
        ` checkin_offline_lost=${checkin.lost}` +
        ` leads_per_s=${leads.perSecond.toFixed(0)} leads_lost=${leads.lost}`;
    } finally {
      await bff.close();
      await upstream.close();
    }
  });
} catch (error) {
  console.error('[bench] the fair bench failed:', error);
  process.exitCode = 1;
} finally {
  await redis?.stop();
}
console.log(line);
