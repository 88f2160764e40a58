import { createHash } from 'node:crypto';
import {
  calendarEventIdOf,
  type OnlineLinkAction,
  type OnlineLinkMeeting,
  type OnlineLinkWork,
  onlineLinkPlan,
} from '@evt/contracts/b2b-online';
import { errorCode } from '@evt/contracts/errors';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../http/http-error';
import type { UpstreamClient } from '../upstream/client';
import type { GoogleAccounts } from './google-accounts';
import type { CalendarEvent } from './google-answers';
import type { GoogleCall } from './google-transport';
import { linksOf } from './meetings-service';
import { createZoom, deleteZoom, type ZoomDeps } from './zoom-calls';

/**
 * The online B2B meetings' video links, made on the publishing organiser's behalf: a
 * Google Calendar event with a Meet conference in their own calendar, or a Zoom meeting through the
 * zoom-meeting webhook, as the programme's settings say; each link stored upstream (b2b-online.ts).
 *
 * Idempotent: the Calendar event id and its conference request id, and the Zoom call's key, are derived
 * from the meeting's UID and sequence, so a run repeated after a crash finds what the first one made
 * (Google answers 409 for the id, the webhook answers the meeting of the key) instead of making a second.
 */
export interface LinkDeps extends ZoomDeps {
  upstream: UpstreamClient;
  /** null: Google is not configured (calendar.errors.notInitialised) */
  google: GoogleAccounts | null;
}

export interface LinkJob {
  eventId: number;
  /** the organiser who published (or moved, or asked again): their Google connection makes the links */
  organiserId: number;
  /** a publication waits for this run: its meetings count as published already */
  publishing?: boolean;
}

type Link = NonNullable<OnlineLinkMeeting['link']>;

/** One generation of a meeting (its UID at a sequence): the same inputs, the same id. */
export const googleEventIdOf = (m: Pick<OnlineLinkMeeting, 'uid' | 'sequence'>) =>
  calendarEventIdOf(createHash('sha256').update(`${m.uid}#${m.sequence}`).digest('hex'));
/**
 * The Zoom call's key: the meeting at its time. Not its sequence, which also grows when a new link is news
 * for companies already mailed (online-links save): a link made and saved, then lost, would be made again.
 * A move is a new time, so a new Zoom meeting (the old one is deleted).
 */
export const zoomKeyOf = (m: Pick<OnlineLinkMeeting, 'uid' | 'start'>) => `${m.uid}:${Date.parse(m.start)}`;

/** The title of the meeting in the organiser's calendar and in Zoom: names only, no words to translate. */
const titleOf = (work: OnlineLinkWork, m: OnlineLinkMeeting) =>
  `${work.eventName} — ${m.fromName} × ${m.toName}`.slice(0, 200);

const statusOf = (error: unknown) => (error as { response?: { status?: number } }).response?.status;

/** One meeting's Google calls for a new event, on the organiser's connection, bounded by one deadline. */
const callOf = (google: GoogleAccounts, job: LinkJob, requestId: string): GoogleCall =>
  google.begin(job.organiserId, requestId);

/**
 * The calls on an existing event: through the connection that made it (a publisher who reconnected
 * another Google account cannot reach it), or the organiser's for links made before owners were kept.
 */
async function ownerCallOf(google: GoogleAccounts, job: LinkJob, link: Link, requestId: string) {
  const owner = link.owner ?? { userId: job.organiserId, accountId: null, accountEmail: null };
  await google.requireOwner(owner);
  return google.begin(owner.userId, requestId);
}

/** Meetings a run works on at once. */
const RUN_CONCURRENCY = 4;

/** Failures that every other meeting of the run would meet too: the run stops at the first. */
const STOPPING = new Set<string>([
  errorCode.calendarNotInitialised,
  errorCode.calendarNotAuthenticated,
  errorCode.calendarNotConnected,
  errorCode.calendarTokenExpired,
  errorCode.calendarForbidden,
  errorCode.calendarOauthFailed,
  errorCode.calendarConnectionUnreadable,
]);

/** The Meet link of an event, read as the organiser's own meetings read it. */
const videoOf = (event: CalendarEvent) => linksOf(event).url;

async function googleCreate(
  google: GoogleAccounts,
  job: LinkJob,
  work: OnlineLinkWork,
  m: OnlineLinkMeeting,
  requestId: string,
) {
  const id = googleEventIdOf(m);
  const call = callOf(google, job, requestId);
  const owner = await google.ownerOf(job.organiserId);
  const event = await google.withCalendar(call, 'create', async (api) => {
    try {
      return await api.events.insert({
        calendarId: 'primary',
        conferenceDataVersion: 1,
        sendUpdates: 'none',
        requestBody: {
          id,
          summary: titleOf(work, m),
          start: { dateTime: m.start },
          end: { dateTime: m.end },
          conferenceData: {
            createRequest: { requestId: id, conferenceSolutionKey: { type: 'hangoutsMeet' } },
          },
        },
      });
    } catch (error) {
      // an earlier run got through: read what it made
      if (statusOf(error) === 409) return api.events.get({ calendarId: 'primary', eventId: id });
      throw error;
    }
  });
  return googleLink(google, call, id, event as CalendarEvent, m.slotId, owner);
}

/** Google prepares the conference after the insert: read it again a few times before leaving it pending. */
async function googleLink(
  google: GoogleAccounts,
  call: GoogleCall,
  id: string,
  first: CalendarEvent,
  slotId: string,
  owner: Link['owner'],
): Promise<Link> {
  let event = first;
  for (let i = 0; i < 3 && !videoOf(event); i++) {
    await new Promise((resolve) => setTimeout(resolve, 150 * (i + 1)));
    event = (await google.withCalendar(call, 'read', (api) =>
      api.events.get({ calendarId: 'primary', eventId: id }),
    )) as CalendarEvent;
  }
  return { platform: 'google_meet', ref: id, url: videoOf(event), slotId, owner };
}

async function googleDelete(google: GoogleAccounts, job: LinkJob, link: Link, requestId: string) {
  const call = await ownerCallOf(google, job, link, requestId);
  try {
    await google.withCalendar(call, 'delete', (api) =>
      api.events.delete({ calendarId: 'primary', eventId: link.ref, sendUpdates: 'none' }),
    );
  } catch (error) {
    // already gone from the calendar
    if (!(error instanceof HttpError && error.details?.reason === 'notFound')) throw error;
  }
}

async function zoomCreate(
  deps: LinkDeps,
  job: LinkJob,
  work: OnlineLinkWork,
  m: OnlineLinkMeeting,
  requestId: string,
) {
  const zoom = await createZoom(deps, { requestId, organiserId: job.organiserId }, work.eventId, {
    topic: titleOf(work, m),
    startTime: new Date(m.start).toISOString(),
    duration: Math.max(1, Math.round((Date.parse(m.end) - Date.parse(m.start)) / 60_000)),
    requestKey: zoomKeyOf(m),
  });
  return {
    platform: 'zoom',
    ref: String(zoom.id),
    url: zoom.joinUrl,
    slotId: m.slotId,
    owner: null,
  } satisfies Link;
}

const zoomDelete = (deps: LinkDeps, job: LinkJob, work: OnlineLinkWork, ref: string, requestId: string) =>
  deleteZoom(deps, { requestId, organiserId: job.organiserId }, work.eventId, Number(ref));

function requireGoogle(deps: LinkDeps): GoogleAccounts {
  if (!deps.google) throw new HttpError(503, errorCode.calendarNotInitialised);
  return deps.google;
}

async function removeLink(deps: LinkDeps, job: LinkJob, work: OnlineLinkWork, link: Link, requestId: string) {
  if (link.platform === 'google_meet') await googleDelete(requireGoogle(deps), job, link, requestId);
  else await zoomDelete(deps, job, work, link.ref, requestId);
}

async function makeLink(
  deps: LinkDeps,
  job: LinkJob,
  work: OnlineLinkWork,
  m: OnlineLinkMeeting,
  requestId: string,
) {
  if (work.platform === 'zoom') return zoomCreate(deps, job, work, m, requestId);
  return googleCreate(requireGoogle(deps), job, work, m, requestId);
}

/** What one action leaves for the meeting: its new link, or null when nothing exists any more. */
async function apply(
  deps: LinkDeps,
  job: LinkJob,
  work: OnlineLinkWork,
  action: OnlineLinkAction,
  m: OnlineLinkMeeting,
  requestId: string,
): Promise<Link | null> {
  const old = m.link;
  switch (action) {
    case 'create':
      return makeLink(deps, job, work, m, requestId);
    case 'delete':
    case 'replace':
      if (old) await removeLink(deps, job, work, old, requestId);
      return action === 'delete' ? null : makeLink(deps, job, work, m, requestId);
    case 'finish':
    case 'move': {
      if (!old) return makeLink(deps, job, work, m, requestId);
      if (old.platform === 'zoom') {
        // the webhook has no update: a new Zoom meeting at the new time, the old one deleted
        const made = await zoomCreate(deps, job, work, m, requestId);
        if (made.ref !== old.ref) await zoomDelete(deps, job, work, old.ref, requestId);
        return made;
      }
      const google = requireGoogle(deps);
      const call = await ownerCallOf(google, job, old, requestId);
      const event = await google.withCalendar(call, 'update', async (api) => {
        if (action === 'finish') return api.events.get({ calendarId: 'primary', eventId: old.ref });
        return api.events.patch({
          calendarId: 'primary',
          eventId: old.ref,
          conferenceDataVersion: 1,
          sendUpdates: 'none',
          requestBody: { start: { dateTime: m.start }, end: { dateTime: m.end } },
        });
      });
      return googleLink(google, call, old.ref, event as CalendarEvent, m.slotId, old.owner ?? null);
    }
  }
}

export interface LinkRunResult {
  done: number;
  /** the first failure's message key, null when every link was made */
  error: string | null;
}

/**
 * One run for an event: reads what is to do, does it a few meetings at a time (each link stored as soon
 * as it exists, so a crash loses nothing made), and records the run's end with its first failure.
 */
export async function runOnlineLinks(
  deps: LinkDeps,
  job: LinkJob,
  requestId: string,
): Promise<LinkRunResult> {
  const work = await deps.upstream.call(upstreamRoutes.b2bLinkWork, {
    requestId,
    body: { eventId: job.eventId, organiserId: job.organiserId },
  });
  let error: string | null = null;
  let done = 0;
  const plan = onlineLinkPlan({ ...work, published: work.published || job.publishing === true });
  // a few meetings at once (Google's own rate limits are met by withCalendar's backoff)
  for (let i = 0; i < plan.length; i += RUN_CONCURRENCY) {
    const results = await Promise.allSettled(
      plan.slice(i, i + RUN_CONCURRENCY).map(async ({ action, meeting }) => {
        const link = await apply(deps, job, work, action, meeting, requestId);
        await deps.upstream.call(upstreamRoutes.b2bLinkSave, {
          requestId,
          body: { eventId: job.eventId, organiserId: job.organiserId, requestId: meeting.requestId, link },
        });
      }),
    );
    let stop = false;
    for (const result of results) {
      if (result.status === 'fulfilled') {
        done++;
        continue;
      }
      const code = result.reason instanceof HttpError ? result.reason.code : errorCode.generic;
      error ??= code;
      stop ||= STOPPING.has(code);
    }
    if (stop) break;
  }
  await deps.upstream.call(upstreamRoutes.b2bLinkState, {
    requestId,
    body: { eventId: job.eventId, organiserId: job.organiserId, error },
  });
  return { done, error };
}
