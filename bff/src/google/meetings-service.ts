import { createHash } from 'node:crypto';
import type { calendar_v3 } from '@googleapis/calendar';
import { calendarEventIdOf } from '@evt/contracts/b2b-online';
import { MEETING_REMINDERS, MEETING_TIMEZONE } from '@evt/contracts/constants';
import { errorCode } from '@evt/contracts/errors';
import {
  localDateTime,
  type Meeting,
  type MeetingCreateBody,
  type MeetingInput,
  type MeetingPlatform,
  meetingAttendees,
  meetingEnd,
  meetingInputAt,
  meetingRequestKey,
  parisInstant,
  type UpstreamMeetingBody,
} from '@evt/contracts/meetings';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../http/http-error';
import type { UpstreamClient } from '../upstream/client';
import type { Caller } from '../routes/role-scope';
import type { EventOwner, GoogleAccounts } from './google-accounts';
import type { GoogleCall } from './google-transport';
import type { CalendarEvent } from './google-answers';
import { createZoom, deleteZoom, updateZoom, type ZoomDeps } from './zoom-calls';

/** What a meeting needs besides its input: who acts, on which event, through which upstream. */
export interface MeetingDeps extends ZoomDeps {
  upstream: UpstreamClient;
  /** null when Google is not configured (no client, no emulator): 'Services Google Meet non initialisés' */
  google: GoogleAccounts | null;
}

/**
 * Checks a meeting's input before anything reaches Google or the webhook: a meeting in the past, a
 * duration of zero or over 24 hours, no valid participant, a title over the limit. 400 with the
 * `meetings.validation.*` keys of the fields, so the form shows them beside what was typed.
 */
export function checkMeetingInput(value: unknown, platform: MeetingPlatform, now = Date.now()): MeetingInput {
  const parsed = meetingInputAt(() => now, platform).safeParse(value);
  if (parsed.success) return parsed.data;
  throw fieldErrorsOf(parsed.error.issues);
}

/** A create's input: the meeting's fields, and the page's key of the create. */
export function checkMeetingCreate(
  value: unknown,
  platform: MeetingPlatform,
  now = Date.now(),
): MeetingCreateBody {
  const input = checkMeetingInput(value, platform, now);
  const key = meetingRequestKey.safeParse((value as { requestKey?: unknown } | null)?.requestKey);
  if (!key.success) throw fieldErrorsOf([{ path: ['requestKey'], message: '' }]);
  return { ...input, requestKey: key.data };
}

function fieldErrorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): HttpError {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    const message = issue.message.startsWith('meetings.') ? issue.message : 'meetings.validation.required';
    fieldErrors[key] = [...(fieldErrors[key] ?? []), message];
  }
  return new HttpError(400, errorCode.validation, { fieldErrors });
}

/** The record's common part: times (section 9: Europe/Paris, end = start + duration), attendees (section 5). */
function recordOf(input: MeetingInput, platform: MeetingPlatform) {
  const start = parisInstant(input.date, input.time);
  return {
    platform,
    title: input.title,
    date: input.date,
    time: input.time,
    duration: input.duration,
    host: input.host.toLowerCase(),
    description: input.description,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + input.duration * 60_000).toISOString(),
    participants:
      platform === 'google_meet'
        ? meetingAttendees(input.participants, input.host)
        : meetingAttendees(input.participants, input.host).filter((p) => p !== input.host.toLowerCase()),
  };
}

/** The Calendar event of a meeting (section 9's time zone and reminders, section 5's attendees). */
export function calendarEventOf(input: MeetingInput): calendar_v3.Schema$Event {
  const end = meetingEnd(input.date, input.time, input.duration);
  return {
    summary: input.title,
    description: input.description,
    start: { dateTime: localDateTime(input.date, input.time), timeZone: MEETING_TIMEZONE },
    end: { dateTime: localDateTime(end.date, end.time), timeZone: MEETING_TIMEZONE },
    attendees: meetingAttendees(input.participants, input.host).map((email) => ({ email })),
    reminders: { useDefault: false, overrides: MEETING_REMINDERS.map((r) => ({ ...r })) },
  };
}

/** What Google says of the conference: the Meet link once there, `pending` while Google prepares it. */
export function linksOf(event: CalendarEvent) {
  const video = event.conferenceData?.entryPoints?.find((e) => e.entryPointType === 'video')?.uri ?? null;
  const code = event.conferenceData?.createRequest?.status?.statusCode;
  const status = video ? 'success' : code === 'failure' ? 'failure' : event.conferenceData ? 'pending' : null;
  return {
    url: video ?? event.hangoutLink ?? null,
    joinUrl: video ?? event.hangoutLink ?? null,
    googleCalendarLink: event.htmlLink ?? null,
    conferenceStatus: status as 'pending' | 'success' | 'failure' | null,
  };
}

const bodyOf = (m: Meeting): UpstreamMeetingBody => {
  const { id: _id, eventId: _eventId, createdAt: _createdAt, ...body } = m;
  return body;
};

function requireGoogle(deps: MeetingDeps): GoogleAccounts {
  if (!deps.google) throw new HttpError(503, errorCode.calendarNotInitialised);
  return deps.google;
}

/** The Calendar event id of a create: derived from its key, so every retry of it names the same event. */
export const meetingEventIdOf = (eventId: number, requestKey: string) =>
  calendarEventIdOf(createHash('sha256').update(`meeting:${eventId}:${requestKey}`).digest('hex'));

/** What a meeting's record says of the connection that made its event (null: no event). */
export function ownerOfMeeting(m: Meeting, fallbackUserId: number): EventOwner {
  return m.googleOwnerId === null
    ? // a meeting recorded before owners were kept: the organiser acting, as then
      { userId: fallbackUserId, accountId: null, accountEmail: null }
    : { userId: m.googleOwnerId, accountId: m.googleAccountId, accountEmail: m.googleAccountEmail };
}

const about = (caller: Caller & { userId: number }) => ({
  requestId: caller.requestId,
  organiserId: caller.userId,
});

/**
 * Creates an online meeting for an event and answers the stored Meeting: a Google Calendar event with a
 * Meet conference in the caller's primary calendar (invitations sent), or a Zoom meeting through the
 * zoom-meeting webhook. Idempotent end to end: the page's request key names the upstream record (one per
 * key), the Calendar event (its id and conference request id derive from the key) and the Zoom meeting
 * (the webhook's request key), so a create retried after a lost answer finds what the first one made.
 * The caller's right to the event must have been checked.
 */
export async function createOnlineMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  eventId: number,
  platform: MeetingPlatform,
  input: MeetingCreateBody,
): Promise<Meeting> {
  const call = { user: caller, requestId: caller.requestId };
  const none = { googleOwnerId: null, googleAccountId: null, googleAccountEmail: null };
  if (platform === 'zoom') {
    const zoom = await createZoom(deps, about(caller), eventId, {
      topic: input.title,
      startTime: parisInstant(input.date, input.time).toISOString(),
      duration: input.duration,
      requestKey: input.requestKey,
    });
    return deps.upstream.call(upstreamRoutes.createMeeting, {
      ...call,
      params: { id: eventId },
      body: {
        ...recordOf(input, 'zoom'),
        url: zoom.joinUrl,
        joinUrl: zoom.joinUrl,
        googleEventId: null,
        googleCalendarLink: null,
        conferenceStatus: null,
        zoomMeetingId: zoom.id,
        ...none,
        requestKey: input.requestKey,
      },
    });
  }
  const google = requireGoogle(deps);
  const googleCall = google.begin(caller.userId, caller.requestId);
  // connected first: nothing is written for an organiser who cannot reach Google
  await google.accessToken(googleCall);
  const owner = await google.ownerOf(caller.userId);
  const googleEventId = meetingEventIdOf(eventId, input.requestKey);
  const created = await deps.upstream.call(upstreamRoutes.createMeeting, {
    ...call,
    params: { id: eventId },
    body: {
      ...recordOf(input, 'google_meet'),
      url: null,
      joinUrl: null,
      googleEventId,
      googleCalendarLink: null,
      conferenceStatus: 'pending',
      zoomMeetingId: null,
      googleOwnerId: owner.userId,
      googleAccountId: owner.accountId,
      googleAccountEmail: owner.accountEmail,
      requestKey: input.requestKey,
    },
  });
  // a retry of a create that got through: its record already has Google's answer
  if (created.googleCalendarLink !== null) return created;
  const event = await insertReconciled(deps, caller, google, googleCall, created, input);
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    ...call,
    params: { id: eventId, meetingId: created.id },
    body: { ...bodyOf(created), ...linksOf(event) },
  });
}

/** Failures after which Google may have made the event all the same. */
const UNKNOWN_OUTCOME = new Set(['timeout', 'unavailable', 'malformed']);

/**
 * The Calendar insert of a new meeting. When it fails without saying whether the event exists (no answer,
 * 5xx, a malformed 200), the event is read back first: found, it is the meeting's; gone, the record is
 * removed; still unknown, the record stays (the page's retry with the same key, or a delete, settles it)
 * and nothing is removed that may have sent invitations.
 */
async function insertReconciled(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  google: GoogleAccounts,
  googleCall: GoogleCall,
  created: Meeting,
  input: MeetingInput,
): Promise<CalendarEvent> {
  const googleEventId = created.googleEventId as string;
  const log = deps.logger.child(about(caller));
  const removeRecord = () =>
    deps.upstream
      .call(upstreamRoutes.deleteMeeting, {
        user: caller,
        requestId: caller.requestId,
        params: { id: created.eventId, meetingId: created.id },
      })
      .catch(() => undefined);
  try {
    return (await google.withCalendar(googleCall, 'create', async (api) => {
      try {
        return await api.events.insert({
          calendarId: 'primary',
          conferenceDataVersion: 1,
          sendUpdates: 'all',
          requestBody: {
            ...calendarEventOf(input),
            id: googleEventId,
            conferenceData: {
              createRequest: { requestId: googleEventId, conferenceSolutionKey: { type: 'hangoutsMeet' } },
            },
          },
        });
      } catch (error) {
        // an earlier attempt got through: read what it made
        if ((error as { response?: { status?: number } }).response?.status === 409) {
          return api.events.get({ calendarId: 'primary', eventId: googleEventId });
        }
        throw error;
      }
    })) as CalendarEvent;
  } catch (error) {
    // only the insert's own failures leave its outcome unknown (a token refresh failed before it)
    const insertFailed = error instanceof HttpError && error.code === errorCode.calendarCreateFailed;
    const reason = insertFailed ? error.details?.reason : undefined;
    if (!reason || !UNKNOWN_OUTCOME.has(reason)) {
      await removeRecord();
      throw error;
    }
    const found = await readBack(google, googleCall, googleEventId);
    if (found === 'unknown') {
      log.warn({ reason }, 'google: create outcome unknown, the record is kept for a retry');
      throw error;
    }
    if (found === null) {
      await removeRecord();
      throw error;
    }
    log.info({ reason }, 'google: create reconciled, the event exists');
    return found;
  }
}

/**
 * Reads an event back after a create or delete whose outcome is unknown, with a budget of its own (the
 * request's may be spent by the failure): the event, null when Google says it is not there, or 'unknown'.
 */
async function readBack(
  google: GoogleAccounts,
  googleCall: GoogleCall,
  googleEventId: string,
): Promise<CalendarEvent | null | 'unknown'> {
  const call = google.begin(googleCall.userId, googleCall.requestId, google.timings.callTimeoutMs);
  try {
    return await google.withCalendar(call, 'read', (api) =>
      api.events.get({ calendarId: 'primary', eventId: googleEventId }),
    );
  } catch (error) {
    return error instanceof HttpError && error.details?.reason === 'notFound' ? null : 'unknown';
  }
}

/**
 * The Google call of a meeting's edit, read or delete: through the connection that made the event (cal.com
 * keeps the credential with each booking reference), whoever acts. When that connection is gone, broken
 * or now another Google account, the organiser is told whose it was, and nothing is pretended.
 */
async function ownerCall(google: GoogleAccounts, caller: Caller & { userId: number }, existing: Meeting) {
  const owner = ownerOfMeeting(existing, caller.userId);
  await google.requireOwner(owner);
  return google.begin(owner.userId, caller.requestId);
}

/** Edits a Google meeting: the Calendar event first (attendees told), then the record. */
export async function updateGoogleMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  existing: Meeting,
  input: MeetingInput,
): Promise<Meeting> {
  const google = requireGoogle(deps);
  let links = {};
  if (existing.googleEventId) {
    const googleCall = await ownerCall(google, caller, existing);
    const event = await google.withCalendar(googleCall, 'update', (api) =>
      api.events.patch({
        calendarId: 'primary',
        eventId: existing.googleEventId as string,
        conferenceDataVersion: 1,
        sendUpdates: 'all',
        requestBody: calendarEventOf(input),
      }),
    );
    links = linksOf(event as CalendarEvent);
  }
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    user: caller,
    requestId: caller.requestId,
    params: { id: existing.eventId, meetingId: existing.id },
    body: { ...bodyOf(existing), ...recordOf(input, 'google_meet'), ...links },
  });
}

/** Edits a Zoom meeting: the zoom-meeting service first (its answer is what is stored), then the record. */
export async function updateZoomMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  existing: Meeting,
  input: MeetingInput,
): Promise<Meeting> {
  let joinUrl = existing.joinUrl;
  if (existing.zoomMeetingId !== null) {
    const zoom = await updateZoom(deps, about(caller), existing.eventId, existing.zoomMeetingId, {
      topic: input.title,
      startTime: parisInstant(input.date, input.time).toISOString(),
      duration: input.duration,
    });
    joinUrl = zoom.joinUrl;
  }
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    user: caller,
    requestId: caller.requestId,
    params: { id: existing.eventId, meetingId: existing.id },
    body: { ...bodyOf(existing), ...recordOf(input, 'zoom'), url: joinUrl, joinUrl },
  });
}

/**
 * A pending conference is read again from Google (the page polls), never reported as missing. A meeting
 * whose owner's connection is gone is answered as stored: the edit or delete says why.
 */
export async function refreshConference(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  existing: Meeting,
): Promise<Meeting> {
  if (
    existing.platform !== 'google_meet' ||
    existing.conferenceStatus !== 'pending' ||
    !existing.googleEventId
  ) {
    return existing;
  }
  const google = requireGoogle(deps);
  const googleCall = await ownerCall(google, caller, existing).catch(() => null);
  if (!googleCall) return existing;
  const event = await google.withCalendar(googleCall, 'read', (api) =>
    api.events.get({ calendarId: 'primary', eventId: existing.googleEventId as string }),
  );
  const links = linksOf(event as CalendarEvent);
  if (links.conferenceStatus === 'pending') return existing;
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    user: caller,
    requestId: caller.requestId,
    params: { id: existing.eventId, meetingId: existing.id },
    body: { ...bodyOf(existing), ...links },
  });
}

/**
 * Deletes a meeting where it lives (the Calendar event, through its owner's connection, cancellations
 * sent; or the Zoom meeting), then the record. An event Google says is gone (404, 410) through the owner's
 * own connection is gone; any other failure keeps the record.
 */
export async function deleteMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  existing: Meeting,
): Promise<void> {
  if (existing.platform === 'google_meet' && existing.googleEventId) {
    const google = requireGoogle(deps);
    const googleCall = await ownerCall(google, caller, existing);
    try {
      await google.withCalendar(googleCall, 'delete', (api) =>
        api.events.delete({
          calendarId: 'primary',
          eventId: existing.googleEventId as string,
          sendUpdates: 'all',
        }),
      );
    } catch (error) {
      if (!(error instanceof HttpError && error.details?.reason === 'notFound')) throw error;
    }
  } else if (existing.platform === 'zoom' && existing.zoomMeetingId !== null) {
    await deleteZoom(deps, about(caller), existing.eventId, existing.zoomMeetingId);
  }
  await deps.upstream.call(upstreamRoutes.deleteMeeting, {
    user: caller,
    requestId: caller.requestId,
    params: { id: existing.eventId, meetingId: existing.id },
  });
}
