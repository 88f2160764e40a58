import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookError,
  type WebhookJob,
  webhookUpstreamRoutes,
} from '@evt/contracts/webhooks';
import type { Logger } from 'pino';
import type { UpstreamClient } from '../upstream/client';
import { postWebhook } from './post-webhook';
import { webhookSignature } from './signature';
import { checkWebhookTarget, type Resolve } from './target-check';

/** tries of one round (a redelivery starts another) */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** the longest wait between two tries, unless the receiver's Retry-After asks for longer (up to a day) */
const BACKOFF_CAP_SECONDS = 6 * 3600;
const RETRY_AFTER_CAP_SECONDS = 24 * 3600;

/**
 * When to try again after failed try number `attempt`: base × 4^(attempt−1) (30 s, 2 min, 8 min, 32 min,
 * 2 h 8 min, then 6 h), or the receiver's Retry-After when it asks for longer; null when no try is left.
 */
export function retryDelaySeconds(
  attempt: number,
  retryAfterSeconds: number | null,
  baseSeconds: number,
): number | null {
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  const backoff = Math.min(baseSeconds * 4 ** (attempt - 1), BACKOFF_CAP_SECONDS);
  return Math.max(backoff, Math.min(retryAfterSeconds ?? 0, RETRY_AFTER_CAP_SECONDS));
}

export interface SendDeps {
  upstream: UpstreamClient;
  production: boolean;
  resolve: Resolve;
  /** a try's whole deadline (ms): shorter than the proxy's, so a slow receiver holds a worker slot no longer */
  deadlineMs: number;
  retryBaseSeconds: number;
  requestId: () => string;
  logger: Logger;
  now?: () => Date;
}

/**
 * One try of one delivery: claimed from the upstream (skipped if done meanwhile), its address checked
 * again (it may now resolve elsewhere), signed with every active secret, posted to the checked address,
 * and its outcome recorded with the next try's time. Logged by delivery id and outcome: never the URL
 * (its query may hold the receiver's token), the body or a secret.
 */
export async function sendWebhook(job: WebhookJob, deps: SendDeps): Promise<void> {
  const now = deps.now ?? (() => new Date());
  const claim = await deps.upstream.call(webhookUpstreamRoutes.claim, {
    requestId: deps.requestId(),
    body: job,
  });
  if (claim.state === 'skip') return;
  const started = performance.now();
  let statusCode: number | null = null;
  let error: WebhookError | null = null;
  let retryAfterSeconds: number | null = null;
  const target = await checkWebhookTarget(claim.url, { production: deps.production, resolve: deps.resolve });
  if (!target.ok) {
    error = 'refusedTarget';
  } else {
    const signedAt = Math.floor(now().getTime() / 1000);
    const outcome = await postWebhook(
      target,
      claim.body,
      {
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(claim.body, claim.secrets, signedAt),
        [WEBHOOK_EVENT_ID_HEADER]: claim.eventId,
        'user-agent': 'evt-webhooks/1',
      },
      { deadlineMs: deps.deadlineMs, now },
    );
    if (outcome.kind === 'answered') {
      statusCode = outcome.status;
      retryAfterSeconds = outcome.retryAfterSeconds;
    } else error = outcome.error;
  }
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const durationMs = Math.round(performance.now() - started);
  const retryInSeconds = delivered
    ? null
    : retryDelaySeconds(job.attempt, retryAfterSeconds, deps.retryBaseSeconds);
  deps.logger.info(
    { deliveryId: job.deliveryId, attempt: job.attempt, statusCode, error, durationMs, retryInSeconds },
    delivered ? 'webhook delivered' : 'webhook not delivered',
  );
  await deps.upstream.call(webhookUpstreamRoutes.record, {
    requestId: deps.requestId(),
    body: { ...job, statusCode, error, durationMs, retryInSeconds },
  });
}
