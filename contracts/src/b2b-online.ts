import { z } from 'zod';
import {
  B2B_ONLINE_PLATFORMS,
  b2bEventParams,
  b2bMeetingParams,
  MEETING_STATUSES,
  meetingStatusBody,
  moveBody,
  offerBody,
  programmeSettings,
  programmeView,
} from './b2b';
import { defineUpstreamRoute } from './http';
import { id } from './validation';

/**
 * Online B2B meetings' video links. Once the programme is published, each online
 * meeting that is not cancelled gets a Google Meet (a Calendar event in the publishing organiser's own
 * calendar) or a Zoom meeting (the zoom-meeting webhook), as the programme's settings say. The BFF makes
 * them in a queued job on the organiser's behalf and stores each link in the reference upstream through
 * the routes below (the BFF's shared service header, the organiser named and checked as a member of the
 * event's organisation: a company's personal link can never reach them).
 */

/** One meeting as the link job reads it: where it is now, and what was made for it last. */
export const onlineLinkMeeting = z.object({
  requestId: z.number().int(),
  /** the calendar UID, stable across moves */
  uid: z.string(),
  sequence: z.number().int(),
  status: z.enum(MEETING_STATUSES),
  slotId: z.string(),
  start: z.string(),
  end: z.string(),
  fromName: z.string(),
  toName: z.string(),
  /** what exists for it: platform, the Calendar event id or Zoom meeting id, its link, the slot it was made for */
  link: z
    .object({
      platform: z.enum(B2B_ONLINE_PLATFORMS),
      ref: z.string(),
      url: z.string().nullable(),
      slotId: z.string(),
      /**
       * the Google connection that made a Calendar event (organiser, Google account): moves and deletes go
       * through it; null for Zoom and for links made before owners were kept
       */
      owner: z
        .object({
          userId: z.number().int(),
          accountId: z.string().nullable(),
          accountEmail: z.string().nullable(),
        })
        .nullish(),
    })
    .nullable(),
});
export type OnlineLinkMeeting = z.infer<typeof onlineLinkMeeting>;

export const onlineLinkWork = z.object({
  eventId: z.number().int(),
  eventName: z.string(),
  published: z.boolean(),
  platform: z.enum(B2B_ONLINE_PLATFORMS),
  /** the online meetings of the programme, cancelled ones included (their links are deleted) */
  meetings: z.array(onlineLinkMeeting),
  checkedAt: z.string().nullable(),
});
export type OnlineLinkWork = z.infer<typeof onlineLinkWork>;

const organiser = z.object({ eventId: id(), organiserId: id() });
export const saveOnlineLinkBody = organiser.extend({
  requestId: id(),
  /** null: nothing exists any more for this meeting (deleted) */
  link: onlineLinkMeeting.shape.link,
});
/** a run's end: its failure as a message key, or null */
export const onlineLinksStateBody = organiser.extend({
  error: z
    .string()
    .regex(/^[a-z][\w.]{0,99}$/)
    .nullable(),
});

const service = <B extends z.ZodType, R extends z.ZodType>(op: string, body: B, response: R) =>
  defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: `/b2b/online-links/${op}`,
    auth: 'service',
    body,
    responses: { 200: response },
  });

/** The reference upstream's routes for the links (extensions), and the organiser's programme writes. */
export const b2bOnlineUpstreamRoutes = {
  b2bLinkWork: service('work', organiser, onlineLinkWork),
  b2bLinkSave: service('save', saveOnlineLinkBody, z.object({ saved: z.boolean() })),
  b2bLinkState: service('state', onlineLinksStateBody, z.object({ saved: z.boolean() })),
  /** the organiser's writes after which links may change (the BFF queues the link job after them) */
  b2bSaveSettings: defineUpstreamRoute({
    service: 'rest',
    method: 'PUT',
    path: '/events/:id/b2b/settings',
    auth: 'user',
    params: b2bEventParams,
    body: programmeSettings,
    responses: { 200: programmeView },
  }),
  b2bPublish: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/b2b/publish',
    auth: 'user',
    params: b2bEventParams,
    responses: { 200: programmeView },
  }),
  b2bMove: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/b2b/meetings/:requestId/move',
    auth: 'user',
    params: b2bMeetingParams,
    body: moveBody,
    responses: { 200: programmeView },
  }),
  b2bMeetingStatus: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/b2b/meetings/:requestId/status',
    auth: 'user',
    params: b2bMeetingParams,
    body: meetingStatusBody,
    responses: { 200: programmeView },
  }),
  b2bOffer: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/events/:id/b2b/offers',
    auth: 'user',
    params: b2bEventParams,
    body: offerBody,
    responses: { 200: programmeView },
  }),
} as const;

/**
 * What a run must do for one meeting (pure, shared by the job and the upstream's `missing` count):
 * - `create`: a published online meeting that is not cancelled and has nothing yet;
 * - `move`: what was made is for another slot (Google: the event is patched, the link stays; Zoom: the
 *   meeting is made again, the webhook having no update);
 * - `replace`: made on the other platform (the organiser changed it): deleted, then made anew;
 * - `finish`: a Meet conference Google was still preparing (no link yet): read again;
 * - `delete`: cancelled (or the programme unpublished): what was made is deleted.
 */
export type OnlineLinkAction = 'create' | 'move' | 'replace' | 'finish' | 'delete';

export function onlineLinkAction(
  work: Pick<OnlineLinkWork, 'published' | 'platform'>,
  m: OnlineLinkMeeting,
): OnlineLinkAction | null {
  const wanted = work.published && m.status !== 'cancelled';
  if (!wanted) return m.link ? 'delete' : null;
  if (!m.link) return 'create';
  if (m.link.platform !== work.platform) return 'replace';
  if (m.link.slotId !== m.slotId) return 'move';
  if (m.link.url === null) return 'finish';
  return null;
}

export function onlineLinkPlan(work: Pick<OnlineLinkWork, 'published' | 'platform' | 'meetings'>) {
  return work.meetings.flatMap((m) => {
    const action = onlineLinkAction(work, m);
    return action ? [{ action, meeting: m }] : [];
  });
}

/** A Calendar event id (base32hex, 5–1024) of one generation of a meeting: a retry finds the same one. */
export function calendarEventIdOf(hashHex: string): string {
  return `b2b${hashHex.slice(0, 40)}`;
}
