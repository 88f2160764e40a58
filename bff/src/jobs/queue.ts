import type { Logger } from 'pino';

/**
 * The project's job queue: named queues of idempotent jobs, shared by every BFF or worker
 * process. With Redis it is BullMQ (jobs survive a restart; a job whose worker died is taken again by
 * another once its lock runs out); without Redis (the embedded default) the same interface runs in this
 * process (jobs live in memory: each feature recovers its own from its data at start, see mailing-jobs.ts).
 *
 * A job's id is its identity: adding an id that is waiting, running or recently done adds nothing. A
 * handler may therefore be called twice for a job (a worker killed after the work, before the
 * acknowledgement): handlers must be idempotent, their own data saying what is done.
 */
export interface JobQueue {
  readonly backend: 'redis' | 'memory';
  /** adds jobs (`delayMs`: not before then); ids already known are skipped */
  add<T>(queue: string, jobs: readonly { id: string; data: T; delayMs?: number }[]): Promise<void>;
  /** takes jobs of `queue`: `concurrency` at once in this process, at most `ratePerSecond` across all */
  work<T>(queue: string, handler: JobHandler<T>, options: WorkOptions): void;
  /** an empty job on `queue` every `ms`, one at a time across all processes */
  every(queue: string, ms: number): Promise<void>;
  counts(queue: string): Promise<QueueCounts>;
  /** stops taking jobs, lets running ones finish (up to a grace), closes connections */
  close(): Promise<void>;
}

export type JobHandler<T> = (
  data: T,
  job: { id: string; progress(value: number): Promise<void> },
) => Promise<void>;

export interface WorkOptions {
  concurrency: number;
  ratePerSecond?: number;
  /** tries of a job whose handler throws (an upstream away), with a growing delay; default 5 */
  attempts?: number;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

export interface QueueOptions {
  redisUrl: string | null;
  /** Redis key prefix of the queues */
  prefix: string;
  logger: Logger;
  /** how long a running job's lock lasts before another worker takes it again (ms, BullMQ); default 30 s */
  lockMs?: number;
}

export async function createJobQueue(options: QueueOptions): Promise<JobQueue> {
  if (options.redisUrl) {
    const { createRedisQueue } = await import('./redis-queue');
    return createRedisQueue({ ...options, redisUrl: options.redisUrl });
  }
  const { createMemoryQueue } = await import('./memory-queue');
  return createMemoryQueue(options.logger);
}
