import { dataRightsUpstreamRoutes } from '@evt/contracts/data-rights';
import type { Logger } from 'pino';
import type { UpstreamClient } from '../upstream/client';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const RETENTION_QUEUE = 'data-retention';
/** registrations anonymised per upstream call; the job calls again while a batch comes back full */
const BATCH = 5000;

/**
 * The organisations' retention periods (docs/decisions/data-rights.md): a repeatable job, every
 * `everyMs`, asks the upstream to anonymise the registrations of events ended more than N months ago. On
 * Redis it is a BullMQ job scheduler: it survives restarts and runs once at a time across every BFF and
 * worker. The upstream skips rows already erased, so a run repeated after a crash does nothing twice.
 */
export function startRetentionWorker(
  queue: JobQueue,
  upstream: UpstreamClient,
  options: { everyMs: number; logger: Logger },
) {
  const requestId = backgroundRequestIds('retention');
  queue.work<undefined>(
    RETENTION_QUEUE,
    async () => {
      for (;;) {
        const result = await upstream.call(dataRightsUpstreamRoutes.retentionRun, {
          requestId: requestId(),
          body: { limit: BATCH },
        });
        const { anonymised, events, webhookEventsPurged } = result;
        if (anonymised > 0 || webhookEventsPurged > 0)
          options.logger.info({ anonymised, events, webhookEventsPurged }, 'retention applied');
        // a full batch of either: more may be due
        if (anonymised < BATCH && webhookEventsPurged < BATCH) return;
      }
    },
    { concurrency: 1, attempts: 3 },
  );
  return queue.every(RETENTION_QUEUE, options.everyMs);
}
