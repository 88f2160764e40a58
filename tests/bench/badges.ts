// `npm run bench -- badges`: 10,000 badges into one streamed PDF through the BFF's own pipeline
// (bff/src/badges/generate.ts: people page after page -> worker thread -> stream with backpressure), into a
// sink that reads at its own pace. Prints `BENCH badges_10k_s=… badges_peak_rss_mb=…`: wall time, and the
// process's resident memory at its peak above what it was before the run (the worker thread included).
import { Writable } from 'node:stream';
import type { BadgePerson } from '@evt/contracts/badges';
import { defaultBadgeModel } from '@evt/contracts/badges';
import { streamBadges } from '../../bff/src/badges/generate';

const TOTAL = Number(process.env.BENCH_BADGES ?? 10_000);
const PAGE = 200;
const locales = ['fr', 'en', 'ja'] as const;

async function* pages(): AsyncGenerator<BadgePerson[]> {
  for (let start = 0; start < TOTAL; start += PAGE) {
    const page: BadgePerson[] = [];
    for (let i = start; i < Math.min(TOTAL, start + PAGE); i++) {
      const locale = locales[i % 3] as (typeof locales)[number];
      page.push({
        registrationId: i + 1,
        role: i % 7 === 0 ? 'exhibitor' : 'participant',
        locale,
        lastName: locale === 'ja' ? `山田${i}` : `Dupont-Moretti de la Fontaine ${i}`,
        firstNames: locale === 'ja' ? '太郎' : 'Jean-Baptiste',
        organisation: locale === 'ja' ? '株式会社サンプル' : 'Chambre de commerce franco-japonaise',
        country: ['FR', 'JP', 'GB'][i % 3] as string,
      });
    }
    // the upstream's page arrives asynchronously
    await new Promise((resolve) => setImmediate(resolve));
    yield page;
  }
}

let bytes = 0;
const sink = new Writable({
  highWaterMark: 64 * 1024,
  write(chunk: Buffer, _encoding, done) {
    bytes += chunk.length;
    setImmediate(done);
  },
});

const base = process.memoryUsage().rss;
let peak = base;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const drawn = await streamBadges(
  {
    title: 'bench',
    eventId: 1,
    eventName: 'Salon International de l’Innovation 2027 — 東京',
    models: { participant: defaultBadgeModel('A6'), exhibitor: defaultBadgeModel('A4x4') },
    logo: null,
    key: Buffer.alloc(32, 7),
    total: TOTAL,
  },
  pages(),
  sink,
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
if (drawn !== TOTAL) throw new Error(`drew ${drawn} of ${TOTAL}`);
const cpu = process.cpuUsage(cpuBefore);
// CPU time (both threads) says what the wall time means on a machine busy with other work
console.error(
  `[bench] badges: ${drawn} badges, ${(bytes / 1e6).toFixed(1)} MB of PDF, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`,
);
console.log(
  `BENCH badges_10k_s=${seconds.toFixed(1)} badges_peak_rss_mb=${((peak - base) / 1e6).toFixed(0)}`,
);
