import { type MailSendJob, mailingUpstreamRoutes } from '@evt/contracts/mailings';
import type { Logger } from 'pino';
import type { UpstreamClient } from '../upstream/client';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const MAILING_QUEUE = 'mailing';
export const MAILING_SCAN_QUEUE = 'mailing-scan';
export const MAIL_QUEUE = 'mail';

export interface MailingWorkerOptions {
  /** mails per second across every worker (the SMTP relay's limit) */
  ratePerSecond: number;
  /** mails in flight in this process */
  concurrency: number;
  /** how often due mailings are looked for (ms) */
  scanMs: number;
  logger: Logger;
}

interface RecipientJob {
  mailingId: number;
  recipientId: number;
  attempt: number;
}

/** `mailing-{mailing}-{recipient}-{attempt}`: a retry of the organiser is a new attempt, so a new job. */
export const recipientJobId = (job: RecipientJob) =>
  `mailing-${job.mailingId}-${job.recipientId}-${job.attempt}`;

const SCAN_BATCH = 2000;

/**
 * The mailing work on the job queue. A scan (every `scanMs`, one at a time) asks the upstream for due
 * mailings and the queued recipients not enqueued lately, and adds one job per (mailing, recipient,
 * attempt). A recipient job asks the upstream to send that one mail: the upstream claims the recipient's
 * row before the SMTP transaction and records the outcome after it, so a job run twice sends once.
 */
export function startMailingWorker(queue: JobQueue, upstream: UpstreamClient, options: MailingWorkerOptions) {
  const requestId = backgroundRequestIds('mailings');
  // the in-process queue starts empty: its first scan takes back every queued recipient, lease or not
  let firstScan = queue.backend === 'memory';

  queue.work<undefined>(
    MAILING_SCAN_QUEUE,
    async () => {
      for (;;) {
        const { recipients } = await upstream.call(mailingUpstreamRoutes.due, {
          requestId: requestId(),
          body: { all: firstScan, limit: SCAN_BATCH },
        });
        firstScan = false;
        await queue.add(
          MAILING_QUEUE,
          recipients.map((r) => ({ id: recipientJobId(r), data: r })),
        );
        if (recipients.length < SCAN_BATCH) return;
      }
    },
    { concurrency: 1, attempts: 1 },
  );
  queue.work<RecipientJob>(
    MAILING_QUEUE,
    async (job) => {
      await upstream.call(mailingUpstreamRoutes.sendRecipient, { requestId: requestId(), body: job });
    },
    { concurrency: options.concurrency, ratePerSecond: options.ratePerSecond },
  );
  queue.work<MailSendJob>(
    MAIL_QUEUE,
    async (job) => {
      await upstream.call(mailingUpstreamRoutes.sendMail, { requestId: requestId(), body: job });
    },
    { concurrency: options.concurrency, ratePerSecond: options.ratePerSecond },
  );
  return queue.every(MAILING_SCAN_QUEUE, options.scanMs);
}

/**
 * A single mail through the queue (a badge with its PDF): sent at most once per `key` (the upstream keeps
 * the keys), through SMTP or the outbox like every mail. Service mail: no unsubscribe.
 */
export function enqueueMail(queue: JobQueue, job: MailSendJob): Promise<void> {
  return queue.add(MAIL_QUEUE, [{ id: `mail-${job.key.replace(/:/g, '-')}`, data: job }]);
}
