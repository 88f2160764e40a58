// `npm run bench -- mail`: 10,000 mails of one mailing through the Redis job queue (two worker processes of
// their own, one killed with SIGKILL mid-run and started again) into a real SMTP server on loopback.
// Prints `BENCH mail_per_s=… mail_duplicates=… mail_lost=…`. mail_per_s counts from the send to the last
// mail accepted by the SMTP server, the kill and the restart included. The reference upstream stores on
// PostgreSQL, as deployed (a private database on the local server, dropped after), and `mail_per_s_pglite`
// is the same run on the embedded PGlite of `npm start` (single-threaded WebAssembly in the upstream's
// process: about 5 ms of CPU per mail, the limit there). Without a reachable PostgreSQL only the latter runs.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startPrivateRedis } from '../../scripts/lib/redis.mjs';
import {
  mailingOf,
  seedAudience,
  sendMailing,
  startRig,
  startSmtpSink,
  startWorker,
  type WorkerProcess,
  waitFor,
} from '../support/mailing-rig';

const TOTAL = Number(process.env.BENCH_MAILS ?? 10_000);
const PG_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redis = process.env.REDIS_URL ? undefined : await startPrivateRedis();
const redisUrl = process.env.REDIS_URL ?? (redis as { url: string }).url;

interface Figures {
  perSecond: number;
  duplicates: number;
  lost: number;
}

/** One run: 10,000 mails, a worker killed at 30 %, on the given store (PGlite when none). */
async function run(databaseUrl: string | undefined, label: string): Promise<Figures> {
  const sink = await startSmtpSink();
  const rig = await startRig(sink.url, databaseUrl);
  const workers: WorkerProcess[] = [];
  try {
    const tag = `bench${Date.now()}`;
    const { eventId, who } = await seedAudience(rig, TOTAL, tag);
    const prefix = `${tag}:`;
    // the rate is the relay's limit in production; here the machine's capacity is what is measured
    const env = { MAILING_RATE_PER_SECOND: '100000', MAILING_CONCURRENCY: '32' };
    workers.push(startWorker(rig, redisUrl, prefix, env), startWorker(rig, redisUrl, prefix, env));
    // both workers ready (their scan runs) before the clock starts
    await new Promise((ok) => setTimeout(ok, 4000));
    const started = performance.now();
    const id = await sendMailing(rig, eventId, tag);
    const arrived = () => sink.arrivals.size;
    await waitFor(() => arrived() >= TOTAL * 0.3, 120_000, 20);
    const victim = workers[0] as WorkerProcess;
    victim.child.kill('SIGKILL');
    await victim.exited;
    console.error(
      `[bench] ${label}: worker ${victim.child.pid} killed at ${arrived()} mails; a new one starts`,
    );
    workers.push(startWorker(rig, redisUrl, prefix, env));
    const progress = setInterval(async () => {
      const m = await mailingOf(rig, eventId, id);
      console.error(`[bench] ${label}: ${arrived()} arrived; ${JSON.stringify(m.counts)}`);
    }, 5000);
    const finished = await waitFor(
      async () => (await mailingOf(rig, eventId, id)).status === 'sent',
      840_000,
      50,
    );
    clearInterval(progress);
    const seconds = (performance.now() - started) / 1000;
    let duplicates = 0;
    let lost = 0;
    for (let i = 0; i < TOTAL; i++) {
      const count = sink.arrivals.get(who(i).email)?.count ?? 0;
      if (count === 0) lost += 1;
      else duplicates += count - 1;
    }
    const counts = (await mailingOf(rig, eventId, id)).counts;
    console.error(
      `[bench] ${label}: ${finished ? 'finished' : 'NOT finished'} in ${seconds.toFixed(1)} s; states ${JSON.stringify(counts)}`,
    );
    return { perSecond: Math.round(TOTAL / seconds), duplicates, lost };
  } finally {
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => w.exited));
    await rig.close();
    await sink.close();
  }
}

/** A private database on the local PostgreSQL, or null when there is none. */
async function privateDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_mail_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

let line = 'BENCH mail_per_s=NaN mail_duplicates=NaN mail_lost=NaN mail_per_s_pglite=NaN';
try {
  const database = await privateDatabase();
  let onPg: Figures | null = null;
  if (database) {
    try {
      onPg = await run(database.url, 'PostgreSQL');
    } finally {
      await database.drop();
    }
  } else console.error('[bench] no PostgreSQL reachable: the mails run on PGlite only');
  const onPglite = await run(undefined, 'PGlite');
  const main = onPg ?? onPglite;
  line =
    `BENCH mail_per_s=${onPg ? onPg.perSecond : 'NaN'} mail_duplicates=${main.duplicates + (onPg ? onPglite.duplicates : 0)}` +
    ` mail_lost=${main.lost + (onPg ? onPglite.lost : 0)} mail_per_s_pglite=${onPglite.perSecond}`;
} finally {
  await redis?.stop();
}
console.log(line);
