import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Logger } from 'pino';
import { backgroundRequestIds } from '../jobs/background-request-id';
import type { UpstreamClient } from '../upstream/client';

/** Waits before the next try when the upstream could not be reached (the mail is keyed: a retry never sends twice). */
const RETRY_MS = [1_000, 5_000, 30_000];

/**
 * The organiser whose Google grant broke is told by mail as well as by the console's banner:
 * the upstream composes the mail in the organiser's language and sends it through the mail path of every
 * other mail, at most once per (organiser, brokenAt). Runs off the request path; a failure is logged, never
 * the organiser's problem.
 */
export function mailBrokenConnection(upstream: UpstreamClient, logger: Logger, retryMs = RETRY_MS) {
  const requestId = backgroundRequestIds('google-broken');
  return (userId: number, brokenAt: number): void => {
    const send = async (attempt: number): Promise<void> => {
      try {
        const outcome = await upstream.call(upstreamRoutes.googleBrokenMail, {
          requestId: requestId(),
          body: { userId, brokenAt },
        });
        if (outcome.state === 'failed')
          logger.warn({ userId, error: outcome.error }, 'google: broken mail failed');
      } catch (error) {
        const wait = retryMs[attempt];
        if (wait === undefined) {
          logger.error(
            { userId, err: error instanceof Error ? error.message : String(error) },
            'google: broken mail not sent',
          );
          return;
        }
        setTimeout(() => void send(attempt + 1), wait).unref();
      }
    };
    void send(0);
  };
}
