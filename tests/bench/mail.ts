// `npm run bench -- mail`: 10,000 mails of one mailing through the Redis job queue (two worker processes of
// their own, one killed with SIGKILL mid-run and started again) into a real SMTP server on loopback.
// Prints `BENCH mail_per_s=… mail_duplicates=… mail_lost=…`. mail_per_s counts from the send to the last
// mail accepted by the SMTP server, the kill and the restart included.
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
const redis = process.env.REDIS_URL ? undefined : await startPrivateRedis();
const redisUrl = process.env.REDIS_URL ?? (redis as { url: string }).url;
const sink = await startSmtpSink();
const rig = await startRig(sink.url);
const workers: WorkerProcess[] = [];
let line = 'BENCH mail_per_s=NaN mail_duplicates=NaN mail_lost=NaN';
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
  console.error(`[bench] worker ${victim.child.pid} killed at ${arrived()} mails; a new one starts`);
  workers.push(startWorker(rig, redisUrl, prefix, env));
  const progress = setInterval(async () => {
    const m = await mailingOf(rig, eventId, id);
    console.error(`[bench] ${arrived()} arrived; ${JSON.stringify(m.counts)}`);
  }, 2000);
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
    `[bench] ${finished ? 'finished' : 'NOT finished'} in ${seconds.toFixed(1)} s; states ${JSON.stringify(counts)}`,
  );
  line = `BENCH mail_per_s=${Math.round(TOTAL / seconds)} mail_duplicates=${duplicates} mail_lost=${lost}`;
} finally {
  for (const w of workers) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  await rig.close();
  await sink.close();
  await redis?.stop();
}
console.log(line);
