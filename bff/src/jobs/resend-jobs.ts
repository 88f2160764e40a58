import { randomUUID } from 'node:crypto';
import type { upstreamResendBody } from '@evt/contracts/upstream-routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { z } from 'zod';
import type { UpstreamClient } from '../upstream/client';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const RESEND_QUEUE = 'registration-resend';

/** What the upstream's resend takes: the visitor's parsed request and where the new link points. */
export type ResendJob = z.infer<typeof upstreamResendBody>;

/**
 * A visitor's "send the confirmation again", off the request path. The upstream does real work (a new
 * token, a mail through SMTP) only for a pending registration and nothing for an unknown address: done
 * while the visitor waits, the answer's timing told who registered. The request now only queues the job,
 * the same for everyone. Run twice, a job mails a second link that replaces the first: harmless.
 */
export function startResendWorker(queue: JobQueue, upstream: UpstreamClient): void {
  const requestId = backgroundRequestIds('resend');
  queue.work<ResendJob>(
    RESEND_QUEUE,
    async (job) => {
      await upstream.call(upstreamRoutes.publicResend, { body: job, requestId: requestId() });
    },
    { concurrency: 4, attempts: 3 },
  );
}

/** Queues one resend (each asking is its own job: an earlier one, done, must not swallow it). */
export async function enqueueResend(queue: JobQueue, job: ResendJob): Promise<void> {
  await queue.add(RESEND_QUEUE, [{ id: `resend-${randomUUID()}`, data: job }]);
}
