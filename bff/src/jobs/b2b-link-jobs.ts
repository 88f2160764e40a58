import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { type LinkDeps, type LinkJob, runOnlineLinks } from '../google/b2b-links';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const B2B_LINK_QUEUE = 'b2b-links';

/**
 * The online B2B meetings' links on the job queue (b2b-links.ts). The worker runs in BFF processes only:
 * the links are made with the organiser's Google connection, whose tokens only the BFF holds. A job run
 * twice makes nothing twice (ids and keys derived from the meetings); a job whose upstream calls fail is
 * tried again by the queue.
 */
export function startB2bLinkWorker(queue: JobQueue, deps: LinkDeps, logger: Logger): void {
  const requestId = backgroundRequestIds('b2b-links');
  queue.work<LinkJob>(
    B2B_LINK_QUEUE,
    async (job) => {
      const result = await runOnlineLinks(deps, job, requestId());
      if (result.error) logger.warn({ eventId: job.eventId, error: result.error }, 'b2b links: not all made');
    },
    { concurrency: 2, attempts: 3 },
  );
}

/** A new run for an event (each asking is its own job: a run done earlier must not swallow it). */
export async function enqueueLinks(queue: JobQueue, job: LinkJob): Promise<void> {
  const id = `b2b-links-${job.eventId}-${Date.now()}-${randomBytes(4).toString('hex')}`;
  await queue.add(B2B_LINK_QUEUE, [{ id, data: job }]);
}
