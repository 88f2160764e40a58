import type { Logger } from 'pino';
import type { JobHandler, JobQueue, QueueCounts, WorkOptions } from './queue';

interface Pending {
  id: string;
  data: unknown;
  notBefore: number;
  attempt: number;
}

interface Lane {
  waiting: Pending[];
  /** ids waiting, delayed or running: adding one of them again is skipped */
  known: Set<string>;
  active: number;
  failed: number;
  worker?: { handler: JobHandler<unknown>; options: WorkOptions };
  /** earliest time the next job may start (the rate limit) */
  nextStart: number;
  timer?: NodeJS.Timeout;
}

/**
 * The queue in this process, for a BFF without Redis: the same interface and the same semantics as the
 * BullMQ one within one process (ids, delays, concurrency, rate, retries with a growing delay). Nothing
 * survives the process: the features re-add their unfinished work from their own data at start.
 */
export function createMemoryQueue(logger: Logger): JobQueue {
  const lanes = new Map<string, Lane>();
  const intervals: NodeJS.Timeout[] = [];
  let closed = false;
  const running = new Set<Promise<void>>();
  const laneOf = (name: string) => {
    let lane = lanes.get(name);
    if (!lane) {
      lane = { waiting: [], known: new Set(), active: 0, failed: 0, nextStart: 0 };
      lanes.set(name, lane);
    }
    return lane;
  };

  const pump = (name: string) => {
    const lane = laneOf(name);
    const worker = lane.worker;
    if (!worker || closed) return;
    clearTimeout(lane.timer);
    lane.timer = undefined;
    const interval = worker.options.ratePerSecond ? 1000 / worker.options.ratePerSecond : 0;
    while (lane.active < worker.options.concurrency) {
      const now = Date.now();
      const index = lane.waiting.findIndex((job) => job.notBefore <= now);
      const wakeAt = Math.min(
        lane.nextStart > now ? lane.nextStart : Number.POSITIVE_INFINITY,
        ...lane.waiting.map((job) => job.notBefore),
      );
      if (index < 0 || lane.nextStart > now) {
        if (Number.isFinite(wakeAt)) lane.timer = setTimeout(() => pump(name), Math.max(1, wakeAt - now));
        return;
      }
      const [job] = lane.waiting.splice(index, 1) as [Pending];
      lane.active += 1;
      lane.nextStart = Math.max(lane.nextStart, now) + interval;
      const run = worker
        .handler(job.data, { id: job.id, progress: async () => {} })
        .then(
          () => {
            lane.known.delete(job.id);
          },
          (error: unknown) => {
            const attempts = worker.options.attempts ?? 5;
            if (job.attempt < attempts) {
              lane.waiting.push({
                ...job,
                attempt: job.attempt + 1,
                notBefore: Date.now() + 1000 * 2 ** job.attempt,
              });
            } else {
              lane.known.delete(job.id);
              lane.failed += 1;
              logger.warn({ err: error, queue: name }, 'job failed');
            }
          },
        )
        .finally(() => {
          lane.active -= 1;
          running.delete(run);
          pump(name);
        });
      running.add(run);
    }
  };

  return {
    backend: 'memory',
    async add(name, jobs) {
      const lane = laneOf(name);
      for (const job of jobs) {
        if (lane.known.has(job.id)) continue;
        lane.known.add(job.id);
        lane.waiting.push({
          id: job.id,
          data: job.data,
          notBefore: Date.now() + (job.delayMs ?? 0),
          attempt: 1,
        });
      }
      pump(name);
    },
    work(name, handler, options) {
      laneOf(name).worker = { handler: handler as JobHandler<unknown>, options };
      pump(name);
    },
    async every(name, ms) {
      const prefix = `${name}-every-`;
      let tick = 0;
      intervals.push(
        setInterval(() => {
          // one at a time: no tick while the previous one waits or runs
          if ([...laneOf(name).known].some((id) => id.startsWith(prefix))) return;
          tick += 1;
          void this.add(name, [{ id: `${prefix}${tick}`, data: undefined }]);
        }, ms),
      );
    },
    async counts(name): Promise<QueueCounts> {
      const lane = laneOf(name);
      const now = Date.now();
      const delayed = lane.waiting.filter((job) => job.notBefore > now).length;
      return { waiting: lane.waiting.length - delayed, active: lane.active, delayed, failed: lane.failed };
    },
    async close() {
      closed = true;
      for (const interval of intervals) clearInterval(interval);
      for (const lane of lanes.values()) clearTimeout(lane.timer);
      await Promise.allSettled([...running]);
    },
  };
}
