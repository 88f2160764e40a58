import { infoRequestUpstreamRoutes } from '@evt/contracts/info-requests';
import type { UpstreamClient } from '../upstream/client';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const INFO_REQUEST_REMINDER_QUEUE = 'info-request-reminders';

/**
 * Information requests' reminders: a scan every `everyMs`, one at a time across every process
 * (the queue's `every`), asks the upstream to mail the reminder of each request unanswered after its N days.
 * The upstream claims each request's row before its mail, so a scan run twice reminds once.
 */
export function startInfoRequestReminders(queue: JobQueue, upstream: UpstreamClient, everyMs: number) {
  const requestId = backgroundRequestIds('reminders');
  queue.work<undefined>(
    INFO_REQUEST_REMINDER_QUEUE,
    async () => {
      await upstream.call(infoRequestUpstreamRoutes.infoRequestReminders, {
        requestId: requestId(),
      });
    },
    { concurrency: 1, attempts: 1 },
  );
  return queue.every(INFO_REQUEST_REMINDER_QUEUE, everyMs);
}
