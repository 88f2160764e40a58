import type { Logger } from 'pino';
import { z } from 'zod';
import type { AppConfig } from '../config/app-config';
import { ConfigError } from '../config/env';
import { badgeKey } from '../badges/token';
import { createUpstreamClient } from '../upstream/client';
import { startBadgeWorker } from './badge-jobs';
import { startExportWorker } from './export-jobs';
import { startMailingWorker } from './mailing-jobs';
import { createJobQueue, type JobQueue } from './queue';
import { startRetentionWorker } from './retention-jobs';
import { startInfoRequestReminders } from './request-reminders';
import { startWebhookWorker } from './webhook-jobs';
import { resolveAll } from '../webhooks/endpoint-routes';
import { startPromotionExpiry } from './promotion-expiry';

const count = (fallback: number, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce.number({ error: 'must be a number' }).int().min(1).max(max).default(fallback),
  );
const jobsEnv = z.object({
  /** `inline`: this BFF works the queue too; `off`: only separate workers do (npm run worker -w bff) */
  JOBS_WORKER: z.enum(['inline', 'off'], { error: 'must be inline or off' }).default('inline'),
  MAILING_RATE_PER_SECOND: count(100, 100_000),
  MAILING_CONCURRENCY: count(16, 256),
  MAILING_SCAN_MS: count(1000, 3_600_000),
  /** how often the organisations' data-retention periods are applied (default hourly) */
  RETENTION_EVERY_MS: count(3_600_000, 7 * 24 * 3_600_000),
  /** how often information requests due for their reminder are looked for (ms) */
  INFO_REQUEST_REMINDER_SCAN_MS: count(60_000, 86_400_000),
  /** a webhook try's whole deadline (ms): under the proxy's, so a slow receiver holds a slot no longer */
  WEBHOOK_TIMEOUT_MS: count(5000, 30_000),
  /** the first retry's wait after a failed webhook try (s); each next one is 4 times longer, up to 6 h */
  WEBHOOK_RETRY_BASE_SECONDS: count(30, 3600),
  /** webhook tries in flight in this process */
  WEBHOOK_CONCURRENCY: count(8, 256),
  /** how often due webhook deliveries are looked for (ms) */
  WEBHOOK_SCAN_MS: count(1000, 3_600_000),
  /** how often promotions from a waiting list past their deadline to confirm are looked for (ms) */
  PROMOTION_EXPIRY_SCAN_MS: count(60_000, 86_400_000),
  /** how long a running job is locked to its worker before another takes it again (Redis only) */
  JOBS_LOCK_MS: count(30_000, 3_600_000),
  /** Redis key prefix of a separate worker's queues: the BFF's own ('evt:') unless told otherwise */
  JOBS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,50}$/)
    .default('evt:'),
});
export type JobsEnv = z.infer<typeof jobsEnv>;

export function loadJobsEnv(vars: NodeJS.ProcessEnv): JobsEnv {
  const parsed = jobsEnv.safeParse(vars);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return parsed.data;
}

export interface JobRuntime {
  queue: JobQueue;
  close(): Promise<void>;
}

/** The job queue and, unless `work` is false, this process's workers on it. */
export async function startJobRuntime(
  config: Pick<
    AppConfig,
    | 'redisUrl'
    | 'keyPrefix'
    | 'upstreamApiUrl'
    | 'upstreamTimeoutMs'
    | 'webhookUrl'
    | 'webhookHeaderName'
    | 'webhookHeaderValue'
    | 'badgeTokenSecret'
    | 'sessionSecrets'
    | 'production'
    | 'publicUrl'
  >,
  env: JobsEnv,
  logger: Logger,
  work = env.JOBS_WORKER === 'inline',
): Promise<JobRuntime> {
  const queue = await createJobQueue({
    redisUrl: config.redisUrl,
    prefix: `${config.keyPrefix}jobs`,
    logger,
    lockMs: env.JOBS_LOCK_MS,
  });
  if (work) {
    const upstream = createUpstreamClient({
      restUrl: config.upstreamApiUrl,
      webhookUrl: config.webhookUrl,
      serviceHeader: { name: config.webhookHeaderName, value: config.webhookHeaderValue },
      // a send waits for the SMTP server's answer
      timeoutMs: 60_000,
      logger,
    });
    await startMailingWorker(queue, upstream, {
      ratePerSecond: env.MAILING_RATE_PER_SECOND,
      concurrency: env.MAILING_CONCURRENCY,
      scanMs: env.MAILING_SCAN_MS,
      logger,
    });
    await startRetentionWorker(queue, upstream, { everyMs: env.RETENTION_EVERY_MS, logger });
    await startInfoRequestReminders(queue, upstream, env.INFO_REQUEST_REMINDER_SCAN_MS);
    await startPromotionExpiry(queue, upstream, { everyMs: env.PROMOTION_EXPIRY_SCAN_MS, logger });
    // badge sending: the badges are signed with the BFF's key (a separate worker needs the same secret)
    await startBadgeWorker(queue, upstream, {
      key: badgeKey(config.badgeTokenSecret, config.sessionSecrets[0] ?? ''),
      concurrency: Math.min(env.MAILING_CONCURRENCY, 4),
      scanMs: env.MAILING_SCAN_MS,
      upstreamApiUrl: config.upstreamApiUrl,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
      logger,
    });
    // registration exports: two files written at once per process, expired ones removed every 15 minutes
    await startExportWorker(queue, upstream, {
      scanMs: env.MAILING_SCAN_MS,
      expiryMs: 15 * 60_000,
      concurrency: 2,
      publicUrl: config.publicUrl,
      logger: logger.child({ component: 'exports' }),
    });
    await startWebhookWorker(queue, upstream, {
      production: config.production,
      resolve: resolveAll,
      deadlineMs: env.WEBHOOK_TIMEOUT_MS,
      retryBaseSeconds: env.WEBHOOK_RETRY_BASE_SECONDS,
      concurrency: env.WEBHOOK_CONCURRENCY,
      scanMs: env.WEBHOOK_SCAN_MS,
      logger: logger.child({ component: 'webhooks' }),
    });
    logger.info(
      { backend: queue.backend, ratePerSecond: env.MAILING_RATE_PER_SECOND },
      queue.backend === 'memory' ? 'job queue in this process (no REDIS_URL)' : 'job queue on Redis',
    );
  }
  return { queue, close: () => queue.close() };
}
