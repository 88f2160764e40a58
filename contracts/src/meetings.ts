import { z } from 'zod';
import { returnPathSchema } from './access';
import { MEETING_TIMEZONE } from './constants';
import { wallClock } from './event-time-zone';
import { commonErrors, defineRoute } from './http';
import { meetingMsg } from './feature-messages';
import { id } from './validation';

/**
 * Meetings (spec sections 3, 5, 7, 8, 9): Google Calendar events with a Meet conference created
 * on the organiser's behalf by the BFF (`/events/meetings-{eventId}`), and Zoom meetings created through
 * the automation webhook's `zoom-meeting` operation (`/events/meetings1-{eventId}`), both edited in place. The records live in
 * the reference upstream (extension `/events/{id}/meetings`); Google's tokens never leave the BFF.
 */
export const MEETING_PLATFORMS = ['google_meet', 'zoom'] as const;
export type MeetingPlatform = (typeof MEETING_PLATFORMS)[number];

/** Google Calendar documents no hard limit on a summary; longer titles are cut in its views and mails. */
export const MEETING_TITLE_MAX = 1024;
export const MEETING_DESCRIPTION_MAX = 8192;
export const MEETING_DURATION_MAX = 24 * 60;
export const MEETING_PARTICIPANTS_MAX = 100;

const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/**
 * Spec section 5: of a comma-separated list, only the entries containing `@` are kept (and, here, only
 * those that are addresses), trimmed, lower-cased, without repeats; the host is added when missing.
 */
export function meetingAttendees(participants: string, host: string): string[] {
  const kept = participants
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.includes('@') && EMAIL.test(entry));
  const all = [...kept, host.trim().toLowerCase()];
  return [...new Set(all)];
}

/** The UTC instant of a wall-clock date and time in Europe/Paris (section 9), DST included. */
export function parisInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const offsetAt = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: MEETING_TIMEZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute')) - at;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

/** `2026-05-04T10:00:00` (local to Europe/Paris, as Calendar's `dateTime` with a `timeZone`). */
export const localDateTime = (date: string, time: string) => `${date}T${time}:00`;

/** The end (section 9: start plus the duration in minutes), as a Paris wall-clock date and time. */
export function meetingEnd(date: string, time: string, duration: number): { date: string; time: string } {
  return wallClock(new Date(parisInstant(date, time).getTime() + duration * 60_000), MEETING_TIMEZONE);
}

const text = (max: number, tooLong: string) =>
  z.string({ error: meetingMsg.required }).trim().max(max, { error: tooLong });

/** What the organiser types; checked by the form and again by the BFF before Google is called. */
export const meetingInputShape = z.object({
  title: text(MEETING_TITLE_MAX, meetingMsg.titleTooLong).pipe(
    z.string().min(1, { error: meetingMsg.required }),
  ),
  date: z.string({ error: meetingMsg.date }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: meetingMsg.date }),
  time: z.string({ error: meetingMsg.time }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: meetingMsg.time }),
  duration: z.coerce
    .number({ error: meetingMsg.duration })
    .int({ error: meetingMsg.duration })
    .min(1, { error: meetingMsg.duration })
    .max(MEETING_DURATION_MAX, { error: meetingMsg.duration }),
  description: text(MEETING_DESCRIPTION_MAX, meetingMsg.descriptionTooLong).default(''),
  participants: z.string({ error: meetingMsg.participants }).max(10_000, { error: meetingMsg.participants }),
  host: z
    .string({ error: meetingMsg.host })
    .trim()
    .max(254, { error: meetingMsg.host })
    .regex(EMAIL, { error: meetingMsg.host }),
});

/** The zoom-meeting webhook's topic limit (upstream-automation.ts). */
export const ZOOM_TOPIC_MAX = 200;

/**
 * The shape plus the rules across fields; `now` is a parameter so the rule can be tested. Zoom meetings
 * (the webhook takes no attendees) keep participants as a note only, and their title is the webhook's topic.
 */
export const meetingInputAt = (now: () => number, platform: MeetingPlatform = 'google_meet') =>
  meetingInputShape.superRefine((value, ctx) => {
    if (platform === 'zoom' && value.title.length > ZOOM_TOPIC_MAX) {
      ctx.addIssue({ code: 'custom', path: ['title'], message: meetingMsg.titleTooLong });
    }
    if (!Number.isNaN(Date.parse(`${value.date}T00:00:00Z`)) && /^\d\d:\d\d$/.test(value.time)) {
      if (parisInstant(value.date, value.time).getTime() <= now()) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: meetingMsg.past });
      }
    } else {
      ctx.addIssue({ code: 'custom', path: ['date'], message: meetingMsg.date });
    }
    const others = meetingAttendees(value.participants, '').filter(Boolean);
    if (platform === 'zoom' && value.participants.trim() === '') return;
    if (others.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['participants'], message: meetingMsg.participants });
    } else if (others.length > MEETING_PARTICIPANTS_MAX) {
      ctx.addIssue({ code: 'custom', path: ['participants'], message: meetingMsg.participants });
    }
  });
export const meetingInput = meetingInputAt(() => Date.now());
export type MeetingInput = z.infer<typeof meetingInputShape>;

/** Google's conference state: `pending` is polled by the page, not reported as missing. */
export const CONFERENCE_STATUSES = ['pending', 'success', 'failure'] as const;

/** Spec section 3's Meeting, plus the event it belongs to, the platform's ids and the conference state. */
export const meeting = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  platform: z.enum(MEETING_PLATFORMS),
  title: z.string(),
  /** the conference address (Meet or Zoom); null while Google prepares it */
  url: z.string().nullable(),
  joinUrl: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  host: z.string(),
  description: z.string(),
  /** ISO instants */
  startTime: z.string(),
  endTime: z.string(),
  participants: z.array(z.string()),
  googleEventId: z.string().nullable(),
  googleCalendarLink: z.string().nullable(),
  conferenceStatus: z.enum(CONFERENCE_STATUSES).nullable(),
  /** the zoom-meeting webhook's id of the meeting */
  zoomMeetingId: z.number().int().nullable(),
  /**
   * The Google connection that made the Calendar event: the organiser (user id) whose connection it is and
   * the Google account (its stable id and its address). Edits and deletes go through that connection
   * only, whoever acts; null for Zoom meetings and meetings without an event.
   */
  googleOwnerId: z.number().int().nullable(),
  googleAccountId: z.string().nullable(),
  googleAccountEmail: z.string().nullable(),
  /** the page's key of the create: the same key again answers this meeting instead of making another */
  requestKey: z.string().nullable(),
  createdAt: z.string(),
});
export type Meeting = z.infer<typeof meeting>;

export const meetingList = z.object({ data: z.array(meeting) });

/**
 * A create's key, chosen by the page once per meeting typed and sent again with every retry of it: the
 * BFF derives the Calendar event id and the Zoom call's key from it, and the upstream keeps one meeting
 * per (event, key), so a retry after a lost answer makes nothing twice.
 */
export const meetingRequestKey = z.string().regex(/^[A-Za-z0-9-]{16,64}$/);
export const meetingCreateBody = meetingInputShape.extend({ requestKey: meetingRequestKey });
export type MeetingCreateBody = z.infer<typeof meetingCreateBody>;
export const meetingsParams = z.object({ id: id() });
export const meetingParams = z.object({ id: id(), meetingId: id() });
export const meetingsQuery = z.object({ platform: z.enum(MEETING_PLATFORMS) });

/**
 * The organiser's Google connection, as the browser may know it (never a token). `unreadable`: a record
 * exists but this server cannot decrypt it (GOOGLE_TOKEN_KEYS lacks its key): it must be renewed.
 */
export const GOOGLE_CONNECTION_STATES = ['none', 'connected', 'broken', 'unreadable'] as const;
export const googleConnection = z.object({
  status: z.enum(GOOGLE_CONNECTION_STATES),
  email: z.string().nullable(),
  /** true when the local Google emulator stands in for Google (no GOOGLE_CLIENT_ID configured) */
  demo: z.boolean(),
});
export type GoogleConnection = z.infer<typeof googleConnection>;

/** Google's page where an account holder removes an application's access by hand. */
export const GOOGLE_PERMISSIONS_URL = 'https://myaccount.google.com/permissions';

/**
 * A disconnect's answer: the connection as it now is, and whether Google confirmed the revocation. When
 * it did not (Google unreachable), the connection is removed here but the grant may still be listed in the
 * Google account: the page says so, with GOOGLE_PERMISSIONS_URL.
 */
export const googleDisconnection = googleConnection.extend({ revoked: z.boolean() });
export type GoogleDisconnection = z.infer<typeof googleDisconnection>;

/** Where the OAuth callback sends the browser back: a local console path only. */
export const googleConnectQuery = z.object({
  returnTo: returnPathSchema.optional(),
});
/** The callback's outcome, added to the return path as `?google=`: a code, never a sentence. */
export const GOOGLE_CALLBACK_OUTCOMES = [
  'connected',
  'denied',
  'missingScope',
  'badState',
  'userInfo',
  /** Google refused the code (already used, expired, wrong verifier) */
  'codeRejected',
  /** Google did not answer the code exchange in time, or answered 5xx */
  'unavailable',
  /** any other failure of the exchange (the OAuth client's configuration, a malformed answer) */
  'failed',
] as const;
export type GoogleCallbackOutcome = (typeof GOOGLE_CALLBACK_OUTCOMES)[number];

export const meetingRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/events/:id/meetings',
    kind: 'bff',
    auth: 'session',
    params: meetingsParams,
    query: meetingsQuery,
    responses: { 200: meetingList, ...commonErrors },
  }),
  /** one meeting; a Google meeting whose conference is pending is read again from Google */
  get: defineRoute({
    method: 'GET',
    path: '/events/:id/meetings/:meetingId',
    kind: 'bff',
    auth: 'session',
    params: meetingParams,
    responses: { 200: meeting, ...commonErrors },
  }),
  createGoogle: defineRoute({
    method: 'POST',
    path: '/events/:id/meetings',
    kind: 'bff',
    auth: 'session',
    params: meetingsParams,
    body: meetingCreateBody,
    responses: { 201: meeting, 409: commonErrors[400], ...commonErrors },
  }),
  updateGoogle: defineRoute({
    method: 'PUT',
    path: '/events/:id/meetings/:meetingId',
    kind: 'bff',
    auth: 'session',
    params: meetingParams,
    body: meetingInputShape,
    responses: { 200: meeting, 409: commonErrors[400], ...commonErrors },
  }),
  /** a Google meeting: its Calendar event is deleted (invitations cancelled); a Zoom one: zoom-meeting DELETE */
  remove: defineRoute({
    method: 'DELETE',
    path: '/events/:id/meetings/:meetingId',
    kind: 'bff',
    auth: 'session',
    params: meetingParams,
    responses: { 204: null, 409: commonErrors[400], ...commonErrors },
  }),
  createZoom: defineRoute({
    method: 'POST',
    path: '/events/:id/zoom-meetings',
    kind: 'bff',
    auth: 'session',
    params: meetingsParams,
    body: meetingCreateBody,
    responses: { 201: meeting, ...commonErrors },
  }),
  /** a Zoom meeting's title, time, duration...: the zoom-meeting service first, then the record */
  updateZoom: defineRoute({
    method: 'PUT',
    path: '/events/:id/zoom-meetings/:meetingId',
    kind: 'bff',
    auth: 'session',
    params: meetingParams,
    body: meetingInputShape,
    responses: { 200: meeting, ...commonErrors },
  }),
  googleConnection: defineRoute({
    method: 'GET',
    path: '/google/connection',
    kind: 'bff',
    auth: 'session',
    responses: { 200: googleConnection, ...commonErrors },
  }),
  googleDisconnect: defineRoute({
    method: 'POST',
    path: '/google/disconnect',
    kind: 'bff',
    auth: 'session',
    responses: { 200: googleDisconnection, ...commonErrors },
  }),
} as const;

/** Navigations (not fetch calls): the consent flow's start and Google's return. */
export const GOOGLE_CONNECT_PATH = '/api/google/connect';
export const GOOGLE_CALLBACK_PATH = '/api/google/callback';

/**
 * Extension of the reference upstream (REST, the user's token): the meeting records. The BFF writes what
 * Google or the zoom-meeting webhook answered; the upstream checks the caller belongs to the event.
 */
export const upstreamMeetingBody = meeting.omit({ id: true, eventId: true, createdAt: true });
export type UpstreamMeetingBody = z.infer<typeof upstreamMeetingBody>;

/**
 * The organiser's Google grant is gone (`invalid_grant`): the BFF asks the upstream, once per breakage, to
 * mail them in their own language. `brokenAt` names the breakage: the upstream sends at most one mail per
 * (organiser, brokenAt), however often the BFF asks.
 */
export const googleBrokenMailBody = z.object({
  userId: id(),
  brokenAt: z.number().int().positive(),
});
export const googleBrokenMailOutcome = z.object({
  state: z.enum(['sent', 'failed', 'skipped']),
  error: z.string().nullable(),
});
