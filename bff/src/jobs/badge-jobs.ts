import { type BadgeMailJob, badgeSendingUpstreamRoutes, type DueBadge } from '@evt/contracts/badge-sending';
import type { Logger } from 'pino';
import { readLogo } from '../badges/logo';
import { renderBadgePdf } from '../badges/render-one';
import type { UpstreamClient } from '../upstream/client';
import { enqueueMail } from './mailing-jobs';
import { backgroundRequestIds } from './background-request-id';
import type { JobQueue } from './queue';

export const BADGE_QUEUE = 'badge';
export const BADGE_SCAN_QUEUE = 'badge-scan';

export interface BadgeWorkerOptions {
  /** the key that signs the badges' QR codes: the BFF's own (BADGE_TOKEN_SECRET or SESSION_SECRET) */
  key: Buffer;
  /** badges drawn at once in this process (each a few milliseconds of CPU) */
  concurrency: number;
  scanMs: number;
  /** the upstream's public logo route is read from here */
  upstreamApiUrl: string;
  upstreamTimeoutMs: number;
  logger: Logger;
}

/** `badge-{registration}-{attempt}`: asking again after a failure is a new attempt, so a new job. */
export const badgeJobId = (job: DueBadge) => `badge-${job.registrationId}-${job.attempt}`;

const SCAN_BATCH = 2000;
const LOGO_TTL_MS = 60_000;

/**
 * Badge sending on the job queue. A scan asks the upstream for the badges the organiser asked
 * for and not yet on their way; each badge job reads what to draw, draws the PDF in the person's language
 * (renderBadgePdf) and puts the mail on the mail queue (enqueueMail), whose upstream route sends each key
 * at most once. A badge job run twice draws twice and sends once.
 */
export function startBadgeWorker(queue: JobQueue, upstream: UpstreamClient, options: BadgeWorkerOptions) {
  const requestId = backgroundRequestIds('badges');
  let firstScan = queue.backend === 'memory';
  // an event's logo, read once a minute rather than once per badge
  const logos = new Map<string, { bytes: Promise<Buffer | null>; until: number }>();
  const logoOf = (path: string | null) => {
    if (!path) return Promise.resolve(null);
    const cached = logos.get(path);
    if (cached && cached.until > Date.now()) return cached.bytes;
    const bytes = readLogo(
      {
        config: { upstreamApiUrl: options.upstreamApiUrl, upstreamTimeoutMs: options.upstreamTimeoutMs },
        logger: options.logger,
      },
      path,
      requestId(),
    );
    logos.set(path, { bytes, until: Date.now() + LOGO_TTL_MS });
    return bytes;
  };

  queue.work<undefined>(
    BADGE_SCAN_QUEUE,
    async () => {
      for (;;) {
        const { badges } = await upstream.call(badgeSendingUpstreamRoutes.due, {
          requestId: requestId(),
          body: { all: firstScan, limit: SCAN_BATCH },
        });
        firstScan = false;
        await queue.add(
          BADGE_QUEUE,
          badges.map((b) => ({ id: badgeJobId(b), data: b })),
        );
        if (badges.length < SCAN_BATCH) return;
      }
    },
    { concurrency: 1, attempts: 1 },
  );
  queue.work<DueBadge>(
    BADGE_QUEUE,
    async (due) => {
      const { job } = await upstream.call(badgeSendingUpstreamRoutes.mail, {
        requestId: requestId(),
        body: due,
      });
      if (job) await enqueueMail(queue, await badgeMail(job, due, options.key, await logoOf(job.logo)));
    },
    { concurrency: options.concurrency },
  );
  return queue.every(BADGE_SCAN_QUEUE, options.scanMs);
}

/** The mail job of one badge: the upstream's texts, the PDF attached. */
async function badgeMail(job: BadgeMailJob, due: DueBadge, key: Buffer, logo: Buffer | null) {
  const model = job.model ? (({ eventId: _e, role: _r, updatedAt: _u, ...m }) => m)(job.model) : null;
  const pdf = await renderBadgePdf({
    eventId: due.eventId,
    eventName: job.eventName,
    model,
    logo,
    person: job.person,
    key,
  });
  return {
    key: job.key,
    to: job.to,
    locale: job.locale,
    subject: job.subject,
    text: job.text,
    html: job.html,
    attachments: [
      { filename: job.filename, contentType: 'application/pdf', contentBase64: pdf.toString('base64') },
    ],
  };
}
