// The B2B matchmaking bench, `npm run bench -- b2b` (run by scripts/bench.mjs through tsx):
// - b2b_score_all_pairs_ms: every pair of 2,000 generated companies scored (scoreAll), and beside it the
//   time to get one pair's reasons on demand (scorePair); its CPU time too, as the wall time on a shared
//   machine is mostly waiting for a core;
// - b2b_schedule_ms: 1,000 companies, 5,000 accepted requests, 20 slots, 200 tables scheduled through
//   runScheduleInWorker (worker start included), with the share of requests placed, the fewest meetings any
//   company gets, the plain greedy pass's placed count measured in the same run, and an upper bound (each
//   company's own ceiling, min(requests, free slots, quota), halved; and the tables);
//   the fewest meetings any company gets beside the lowest of the companies' ceilings;
// - b2b_main_thread_p99_ms: the p99 of a GET answered by an HTTP server on the main thread while the
//   schedule runs in the worker (and, once, the same while it runs on the main thread, to compare).
// - b2b_deterministic: 1 when three simultaneous runs of the 1,000-company programme (the machine then
//   busy) give the very schedule of a run alone (same hash), else 0; b2b_gap_pct: that schedule's proven
//   gap to the best possible (stats.gapPct), b2b_proven_bound the ceiling behind it;
// - b2b_optimal_small: 1 when a 200-company programme (1,000 requests, 12 slots, 40 tables) is solved
//   to proven optimality in the worker (HiGHS), with its time, b2b_optimal_small_ms.
// Figures are medians over BENCH_RUNS runs (3).
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import {
  DEFAULT_MATCH_CONFIG,
  generateProfiles,
  generateProgramme,
  greedySchedule,
  placementUpperBound,
  schedule,
  scoreAll,
  scorePair,
} from '@evt/matching/index';
import { runScheduleInWorker } from '@evt/matching/worker';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil(values.length * 0.99) - 1)] ?? Number.NaN;
const round = (value: number, digits = 0) => Number(value.toFixed(digits));

/** GETs in a loop against a server on this thread while `work` runs; their latencies. */
async function latenciesDuring<T>(work: () => Promise<T>): Promise<{ value: T; latencies: number[] }> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(url)).text();
      latencies.push(performance.now() - started);
    }
  })();
  // the loop's first answers come before the work starts
  await new Promise((resolve) => setTimeout(resolve, 50));
  latencies.length = 0;
  const value = await work();
  running = false;
  await loop;
  server.close();
  return { value, latencies };
}

export async function benchB2b(): Promise<string> {
  const profiles = generateProfiles(2000, 42);
  const { input } = generateProgramme({
    companies: 1000,
    requests: 5000,
    slots: 20,
    tables: 200,
    seed: 42,
    quota: [6, 14],
  });
  const bound = placementUpperBound(input);
  // the fewest meetings any company could get: its own ceiling, min(requests, available slots, quota)
  const requestsOf = new Map<number, number>();
  for (const r of input.requests)
    for (const c of [r.from, r.to]) requestsOf.set(c, (requestsOf.get(c) ?? 0) + 1);
  const minCeiling = Math.min(
    ...input.companies
      .filter((c) => requestsOf.has(c.id))
      .map((c) => Math.min(requestsOf.get(c.id)!, c.availableSlotIds.length, c.quota)),
  );
  // warm up: the worker's code, and the JIT of the scorer
  await runScheduleInWorker({
    ...input,
    requests: input.requests.slice(0, 50),
    options: { workBudget: 1000 },
  });
  scoreAll(profiles.slice(0, 300), DEFAULT_MATCH_CONFIG);

  const figures = {
    scoreAll: [] as number[],
    scoreAllCpu: [] as number[],
    reasons: [] as number[],
    greedyMs: [] as number[],
    greedyPlaced: [] as number[],
    scheduleMs: [] as number[],
    placed: [] as number[],
    minMeetings: [] as number[],
    p99: [] as number[],
  };
  for (let run = 0; run < RUNS; run++) {
    let started = performance.now();
    const cpu = process.cpuUsage();
    const all = scoreAll(profiles, DEFAULT_MATCH_CONFIG);
    figures.scoreAll.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    figures.scoreAllCpu.push((used.user + used.system) / 1000);
    started = performance.now();
    const [i, j] = [run * 7, 1999 - run];
    const pair = scorePair(profiles[i]!, profiles[j]!, DEFAULT_MATCH_CONFIG);
    figures.reasons.push(performance.now() - started);
    if (pair.score !== all.scores[i * 2000 + j]) throw new Error('scorePair and scoreAll disagree');

    started = performance.now();
    const greedy = greedySchedule(input);
    figures.greedyMs.push(performance.now() - started);
    figures.greedyPlaced.push(greedy.stats.placed);

    const { value: result, latencies } = await latenciesDuring(async () => {
      const begun = performance.now();
      const value = await runScheduleInWorker({ ...input, options: { seed: 1 } });
      figures.scheduleMs.push(performance.now() - begun);
      return value;
    });
    figures.placed.push(result.stats.placed);
    figures.minMeetings.push(result.stats.minMeetings);
    figures.p99.push(p99(latencies));
    console.log(
      `[b2b] run ${run + 1}: scoreAll ${round(figures.scoreAll.at(-1)!)} ms, schedule ${round(figures.scheduleMs.at(-1)!)} ms placed ${result.stats.placed}/${input.requests.length} (greedy ${greedy.stats.placed} in ${round(figures.greedyMs.at(-1)!)} ms, bound ${bound}), min meetings ${result.stats.minMeetings} (greedy ${greedy.stats.minMeetings}), GET p99 ${round(figures.p99.at(-1)!, 1)} ms over ${latencies.length} GETs`,
    );
  }
  // the same schedule on the main thread, once: what the worker spares the server
  const blocking = await latenciesDuring(async () => schedule({ ...input, options: { seed: 1 } }));
  console.log(
    `[b2b] for comparison, the schedule on the main thread: GET p99 ${round(p99(blocking.latencies))} ms`,
  );

  // the same programme three times at once: the same schedule as alone, whatever the load
  const hash = (result: Awaited<ReturnType<typeof runScheduleInWorker>>) =>
    createHash('sha256')
      .update(JSON.stringify([result.placed, result.unplaced]))
      .digest('hex');
  const alone = await runScheduleInWorker({ ...input, options: { seed: 1 } });
  const together = await Promise.all(
    [1, 2, 3].map(() => runScheduleInWorker({ ...input, options: { seed: 1 } })),
  );
  const deterministic = together.every((r) => hash(r) === hash(alone)) ? 1 : 0;
  console.log(
    `[b2b] three simultaneous runs: ${together.map((r) => hash(r).slice(0, 12)).join(' ')} (alone ${hash(alone).slice(0, 12)}); placed ${alone.stats.placed}, proven ceiling ${alone.stats.upperBound}, gap ${alone.stats.gapPct} %`,
  );
  const small = generateProgramme({
    companies: 200,
    requests: 1000,
    slots: 12,
    tables: 40,
    seed: 42,
    quota: [6, 14],
  });
  const begun = performance.now();
  const exact = await runScheduleInWorker({ ...small.input, options: { seed: 1 } });
  const smallMs = performance.now() - begun;
  console.log(
    `[b2b] 200 companies: placed ${exact.stats.placed} of ceiling ${exact.stats.upperBound}, min ${exact.stats.minMeetings}, optimal ${exact.stats.optimal} in ${round(smallMs)} ms (heuristic alone ${schedule(small.input).stats.placed})`,
  );

  const placed = median(figures.placed);
  return [
    'BENCH',
    `b2b_score_all_pairs_ms=${round(median(figures.scoreAll))}`,
    `b2b_score_all_pairs_cpu_ms=${round(median(figures.scoreAllCpu))}`,
    `b2b_schedule_ms=${round(median(figures.scheduleMs))}`,
    `b2b_placed_share=${round(placed / input.requests.length, 3)}`,
    `b2b_min_meetings=${median(figures.minMeetings)}`,
    `b2b_min_meetings_ceiling=${minCeiling}`,
    `b2b_placed=${placed}`,
    `b2b_greedy_placed=${median(figures.greedyPlaced)}`,
    `b2b_greedy_ms=${round(median(figures.greedyMs))}`,
    `b2b_placed_upper_bound=${bound}`,
    `b2b_pair_reasons_ms=${round(median(figures.reasons), 2)}`,
    `b2b_main_thread_p99_ms=${round(median(figures.p99), 1)}`,
    `b2b_main_thread_p99_without_worker_ms=${round(p99(blocking.latencies))}`,
    `b2b_deterministic=${deterministic}`,
    `b2b_gap_pct=${alone.stats.gapPct}`,
    `b2b_proven_bound=${alone.stats.upperBound}`,
    `b2b_optimal_small=${exact.stats.optimal ? 1 : 0}`,
    `b2b_optimal_small_ms=${round(smallMs)}`,
  ].join(' ');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(await benchB2b());
}
