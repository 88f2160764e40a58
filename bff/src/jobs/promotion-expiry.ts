import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Logger } from 'pino';
import type { UpstreamClient } from '../upstream/client';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const PROMOTION_EXPIRY_QUEUE = 'registration-promotion-expiry';

/**
 * A form's waiting list (docs/decisions/registration.md): a scan every `everyMs`, one at a time across
 * every process (the queue's `every`), asks the upstream to free the places of promoted people past their
 * deadline to confirm and to promote the next ones. The state is the upstream's (each promotion's
 * deadline in its row), so a scan after a restart picks up where the last one stopped, and a scan run
 * twice frees and promotes once (the upstream decides under the form's lock).
 */
export function startPromotionExpiry(
  queue: JobQueue,
  upstream: UpstreamClient,
  options: { everyMs: number; logger: Logger },
) {
  const requestId = backgroundRequestIds('promotions');
  queue.work<undefined>(
    PROMOTION_EXPIRY_QUEUE,
    async () => {
      const result = await upstream.call(upstreamRoutes.expirePromotions, { requestId: requestId() });
      if (result.expired > 0 || result.promoted > 0)
        options.logger.info(result, 'registration promotions past their deadline freed');
    },
    { concurrency: 1, attempts: 1 },
  );
  return queue.every(PROMOTION_EXPIRY_QUEUE, options.everyMs);
}
