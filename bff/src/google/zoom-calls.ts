import { errorCode } from '@evt/contracts/errors';
import type { OutsideFailureReason } from '@evt/contracts/outside-failures';
import type { zoomMeetingBody, zoomMeetingUpdateBody } from '@evt/contracts/upstream-automation';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { HttpError } from '../http/http-error';
import type { OutsideOutcome } from '../observability/metrics';
import type { UpstreamClient } from '../upstream/client';
import { UpstreamError } from '../upstream/error-codes';
import type { ObserveOutsideCall } from './google-transport';

/** What the zoom-meeting calls need: the upstream client (the webhook's contract), a log, the metrics. */
export interface ZoomDeps {
  upstream: UpstreamClient;
  logger: Logger;
  observe: ObserveOutsideCall;
}

/** Why a zoom-meeting call failed, from the upstream client's one map (error-codes.ts). */
function zoomFailure(error: unknown): { outcome: OutsideOutcome; reason: OutsideFailureReason } {
  if (!(error instanceof UpstreamError)) return { outcome: 'unreachable', reason: 'unknown' };
  const status = error.upstream.status;
  if (error.code === errorCode.upstreamTimeout) return { outcome: 'timeout', reason: 'timeout' };
  if (error.code === errorCode.connection) return { outcome: 'unreachable', reason: 'unavailable' };
  if (status === undefined) return { outcome: 'malformed', reason: 'malformed' };
  if (status >= 500) return { outcome: 'status_5xx', reason: 'unavailable' };
  if (status === 429) return { outcome: 'status_429', reason: 'rateLimited' };
  if (status === 404) return { outcome: 'status_4xx', reason: 'notFound' };
  return { outcome: 'status_4xx', reason: 'refused' };
}

/** Each operation's message when the service fails. */
const FAILED = {
  create: errorCode.zoomCreateFailed,
  update: errorCode.zoomUpdateFailed,
  delete: errorCode.zoomDeleteFailed,
} as const;

/**
 * One zoom-meeting call: timed and counted (target `zoom`), logged with the request id and the organiser's
 * id, and a failure said as which one (`calendar.errors.zoomCreateFailed` with a reason), not one text.
 */
async function observed<T>(
  deps: ZoomDeps,
  about: { requestId: string; organiserId: number | null; operation: keyof typeof FAILED },
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    const answer = await run();
    deps.observe('zoom', 'ok', (performance.now() - started) / 1000);
    return answer;
  } catch (error) {
    const seconds = (performance.now() - started) / 1000;
    const { outcome, reason } = zoomFailure(error);
    deps.observe('zoom', outcome, seconds);
    if (about.operation !== 'create' && reason === 'notFound') throw error;
    deps.logger.warn({ ...about, outcome, reason, seconds }, 'zoom: call failed');
    const status = reason === 'timeout' ? 504 : reason === 'refused' ? 400 : 502;
    throw new HttpError(status, FAILED[about.operation], { reason });
  }
}

/**
 * A Zoom meeting through the webhook, always with a request key: the same key again answers the meeting
 * the first call made (a retry after "created, then 500" makes no second one).
 */
export function createZoom(
  deps: ZoomDeps,
  about: { requestId: string; organiserId: number | null },
  eventId: number,
  body: z.input<typeof zoomMeetingBody> & { requestKey: string },
) {
  return observed(deps, { ...about, operation: 'create' }, () =>
    deps.upstream.call(upstreamRoutes.createZoomMeeting, {
      requestId: about.requestId,
      query: { eventId },
      body,
    }),
  );
}

/**
 * Replaces a Zoom meeting's topic, start and duration: the whole meeting each time, so a retry after a lost
 * answer changes nothing more (no key needed). A meeting the service no longer has is the organiser's 404.
 */
export function updateZoom(
  deps: ZoomDeps,
  about: { requestId: string; organiserId: number | null },
  eventId: number,
  id: number,
  body: z.input<typeof zoomMeetingUpdateBody>,
) {
  return observed(deps, { ...about, operation: 'update' }, () =>
    deps.upstream.call(upstreamRoutes.updateZoomMeeting, {
      requestId: about.requestId,
      query: { eventId, id },
      body,
    }),
  );
}

/** Deletes a Zoom meeting; one already gone counts as deleted. */
export async function deleteZoom(
  deps: ZoomDeps,
  about: { requestId: string; organiserId: number | null },
  eventId: number,
  id: number,
): Promise<void> {
  await observed(deps, { ...about, operation: 'delete' }, () =>
    deps.upstream.call(upstreamRoutes.deleteZoomMeeting, {
      requestId: about.requestId,
      query: { eventId, id },
    }),
  ).catch((error: unknown) => {
    if (!(error instanceof HttpError && error.status === 404)) throw error;
  });
}
