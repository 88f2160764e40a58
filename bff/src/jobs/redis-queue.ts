import { createNodeRedisClient, Queue, Worker } from 'bullmq';
import { createClient } from 'redis';
import type { JobQueue, QueueOptions } from './queue';

/** Kept so that an id added again soon after its job finished is still recognised (and skipped). */
const KEEP = { age: 24 * 3600, count: 200_000 };

/** BullMQ on Redis, through the node-redis client the BFF already uses. */
export async function createRedisQueue(options: QueueOptions & { redisUrl: string }): Promise<JobQueue> {
  const { logger, prefix } = options;
  const clients: { isOpen: boolean; quit(): Promise<unknown> }[] = [];
  // BullMQ wants its own connections (a worker blocks on one); each gets a fresh client
  const connection = () => {
    const client = createClient({
      url: options.redisUrl,
      socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 3000) },
    });
    client.on('error', (error: Error) => logger.warn({ err: error }, 'job queue redis error'));
    clients.push(client);
    return createNodeRedisClient(client);
  };
  const queues = new Map<string, Queue>();
  const workers: Worker[] = [];
  const queueOf = (name: string) => {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: connection(), prefix });
      queue.on('error', (error) => logger.warn({ err: error, queue: name }, 'job queue error'));
      queues.set(name, queue);
    }
    return queue;
  };

  return {
    backend: 'redis',
    async add(name, jobs) {
      if (!jobs.length) return;
      await queueOf(name).addBulk(
        jobs.map((job) => ({
          name,
          data: job.data,
          opts: {
            jobId: job.id,
            delay: job.delayMs,
            attempts: 5,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: KEEP,
            removeOnFail: KEEP,
          },
        })),
      );
    },
    work(name, handler, work) {
      const worker = new Worker(
        name,
        async (job) => {
          await handler(job.data, { id: String(job.id), progress: (value) => job.updateProgress(value) });
        },
        {
          connection: connection(),
          prefix,
          concurrency: work.concurrency,
          limiter: work.ratePerSecond ? { max: work.ratePerSecond, duration: 1000 } : undefined,
          lockDuration: options.lockMs ?? 30_000,
          stalledInterval: Math.max(1000, Math.floor((options.lockMs ?? 30_000) / 2)),
        },
      );
      worker.on('error', (error) => logger.warn({ err: error, queue: name }, 'job worker error'));
      worker.on('failed', (job, error) =>
        logger.warn({ err: error, queue: name, attempts: job?.attemptsMade }, 'job failed'),
      );
      workers.push(worker);
    },
    async every(name, ms) {
      await queueOf(name).upsertJobScheduler(
        `${name}-every`,
        { every: ms },
        {
          name,
          opts: { removeOnComplete: true, removeOnFail: 100 },
        },
      );
    },
    async counts(name) {
      const c = await queueOf(name).getJobCounts('waiting', 'active', 'delayed', 'failed');
      return {
        waiting: c.waiting ?? 0,
        active: c.active ?? 0,
        delayed: c.delayed ?? 0,
        failed: c.failed ?? 0,
      };
    },
    async close() {
      // a job under way gets a second to finish, then the worker lets go of it (another worker takes it
      // over after its lock; the upstream's per-recipient claim keeps it from being sent twice): a BFF
      // told to stop must exit within its shutdown window (server.ts gives cleanup three seconds)
      await Promise.allSettled(
        workers.map((w) =>
          Promise.race([w.close(), new Promise((resolve) => setTimeout(resolve, 1000).unref())]).then(() =>
            w.close(true),
          ),
        ),
      );
      await Promise.allSettled([...queues.values()].map((q) => q.close()));
      await Promise.allSettled(clients.filter((c) => c.isOpen).map((c) => c.quit()));
    },
  };
}
