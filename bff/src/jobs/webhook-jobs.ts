import { type WebhookJob, webhookUpstreamRoutes } from '@evt/contracts/webhooks';
import type { UpstreamClient } from '../upstream/client';
import { type SendDeps, sendWebhook } from '../webhooks/send';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const WEBHOOK_QUEUE = 'webhook';
export const WEBHOOK_SCAN_QUEUE = 'webhook-scan';
const SCAN_BATCH = 500;
/** one endpoint's tries at once: a receiver timing out holds at most this many worker slots */
export const PER_ENDPOINT_IN_FLIGHT = 2;

export interface WebhookWorkerOptions extends Omit<SendDeps, 'upstream' | 'requestId'> {
  concurrency: number;
  scanMs: number;
}

/** `webhook-{delivery}-{round}-{attempt}`: each try is its own job, a redelivery a new round */
export const webhookJobId = (job: WebhookJob) => `webhook-${job.deliveryId}-${job.round}-${job.attempt}`;

/**
 * Outgoing webhooks on the job queue (docs/decisions/webhooks.md). A scan (every `scanMs`, one at a time
 * across processes) leases the due deliveries for longer than a try can last and adds one job per try; a
 * job sends it (send.ts). A try whose worker died is found again by the scan once its lease ends, so
 * nothing is lost across restarts; the product's requests never wait for a receiver.
 */
export function startWebhookWorker(queue: JobQueue, upstream: UpstreamClient, options: WebhookWorkerOptions) {
  const requestId = backgroundRequestIds('webhooks');
  const leaseSeconds = Math.ceil(options.deadlineMs / 1000) * 4 + 60;
  queue.work<undefined>(
    WEBHOOK_SCAN_QUEUE,
    async () => {
      for (;;) {
        const { jobs } = await upstream.call(webhookUpstreamRoutes.due, {
          requestId: requestId(),
          body: { limit: SCAN_BATCH, leaseSeconds, perEndpoint: PER_ENDPOINT_IN_FLIGHT },
        });
        await queue.add(
          WEBHOOK_QUEUE,
          jobs.map((job) => ({ id: webhookJobId(job), data: job })),
        );
        if (jobs.length < SCAN_BATCH) return;
      }
    },
    { concurrency: 1, attempts: 1 },
  );
  queue.work<WebhookJob>(WEBHOOK_QUEUE, (job) => sendWebhook(job, { ...options, upstream, requestId }), {
    concurrency: options.concurrency,
    attempts: 3,
  });
  return queue.every(WEBHOOK_SCAN_QUEUE, options.scanMs);
}
