import { randomBytes } from 'node:crypto';
import type { calendar_v3 } from '@googleapis/calendar';
import { MEETING_REMINDERS, MEETING_TIMEZONE } from '@evt/contracts/constants';
import { errorCode } from '@evt/contracts/errors';
import {
  localDateTime,
  type Meeting,
  type MeetingInput,
  type MeetingPlatform,
  meetingAttendees,
  meetingEnd,
  meetingInputAt,
  parisInstant,
  type UpstreamMeetingBody,
} from '@evt/contracts/meetings';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../http/http-error';
import type { UpstreamClient } from '../upstream/client';
import type { Caller } from '../routes/role-scope';
import type { GoogleAccounts } from './google-accounts';

/** What a meeting needs besides its input: who acts, on which event, through which upstream. */
export interface MeetingDeps {
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
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const message = issue.message.startsWith('meetings.') ? issue.message : 'meetings.validation.required';
    fieldErrors[key] = [...(fieldErrors[key] ?? []), message];
  }
  throw new HttpError(400, errorCode.validation, { fieldErrors });
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
export function linksOf(event: calendar_v3.Schema$Event) {
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

/**
 * Creates an online meeting for an event and answers the stored Meeting: a Google Calendar event with a
 * Meet conference in the caller's primary calendar (invitations sent), or a Zoom meeting through the
 * zoom-meeting webhook. Reusable: the B2B programme's online meetings call this same function.
 * The caller's right to the event must have been checked.
 */
export async function createOnlineMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  eventId: number,
  platform: MeetingPlatform,
  input: MeetingInput,
): Promise<Meeting> {
  const call = { user: caller, requestId: caller.requestId };
  if (platform === 'zoom') {
    const zoom = await deps.upstream.call(upstreamRoutes.createZoomMeeting, {
      requestId: caller.requestId,
      query: { eventId },
      body: {
        topic: input.title,
        startTime: parisInstant(input.date, input.time).toISOString(),
        duration: input.duration,
      },
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
      },
    });
  }
  const google = requireGoogle(deps);
  // connected first: nothing is written for an organiser who cannot reach Google
  await google.accessToken(caller.userId);
  // the Calendar event's id is chosen here and kept with the meeting: a retried insert finds the same
  // event (409 duplicate) and the conference request id is the same, so a retry never makes two
  const googleEventId = `m${randomBytes(12).toString('hex')}`;
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
    },
  });
  let event: calendar_v3.Schema$Event;
  try {
    event = await google.withCalendar(caller.userId, 'create', async (api) => {
      try {
        const answer = await api.events.insert({
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
        return answer.data;
      } catch (error) {
        // an earlier attempt got through: read what it made
        if ((error as { response?: { status?: number } }).response?.status === 409) {
          return (await api.events.get({ calendarId: 'primary', eventId: googleEventId })).data;
        }
        throw error;
      }
    });
  } catch (error) {
    await deps.upstream
      .call(upstreamRoutes.deleteMeeting, { ...call, params: { id: eventId, meetingId: created.id } })
      .catch(() => undefined);
    throw error;
  }
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    ...call,
    params: { id: eventId, meetingId: created.id },
    body: { ...bodyOf(created), ...linksOf(event) },
  });
}

/** Edits a Google meeting: the Calendar event first (attendees told), then the record. */
export async function updateGoogleMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  existing: Meeting,
  input: MeetingInput,
): Promise<Meeting> {
  const google = requireGoogle(deps);
  const call = { user: caller, requestId: caller.requestId };
  let links = {};
  if (existing.googleEventId) {
    const event = await google.withCalendar(caller.userId, 'update', async (api) => {
      const answer = await api.events.patch({
        calendarId: 'primary',
        eventId: existing.googleEventId as string,
        conferenceDataVersion: 1,
        sendUpdates: 'all',
        requestBody: calendarEventOf(input),
      });
      return answer.data;
    });
    links = linksOf(event);
  }
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    ...call,
    params: { id: existing.eventId, meetingId: existing.id },
    body: { ...bodyOf(existing), ...recordOf(input, 'google_meet'), ...links },
  });
}

/** A pending conference is read again from Google (the page polls), never reported as missing. */
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
  const event = await google.withCalendar(caller.userId, 'read', async (api) => {
    return (await api.events.get({ calendarId: 'primary', eventId: existing.googleEventId as string })).data;
  });
  const links = linksOf(event);
  if (links.conferenceStatus === 'pending') return existing;
  return deps.upstream.call(upstreamRoutes.updateMeeting, {
    user: caller,
    requestId: caller.requestId,
    params: { id: existing.eventId, meetingId: existing.id },
    body: { ...bodyOf(existing), ...links },
  });
}

/** Deletes a meeting where it lives (Calendar event with cancellations sent, or the Zoom meeting), then the record. */
export async function deleteMeeting(
  deps: MeetingDeps,
  caller: Caller & { userId: number },
  existing: Meeting,
): Promise<void> {
  if (existing.platform === 'google_meet' && existing.googleEventId) {
    const google = requireGoogle(deps);
    try {
      await google.withCalendar(caller.userId, 'delete', (api) =>
        api.events.delete({
          calendarId: 'primary',
          eventId: existing.googleEventId as string,
          sendUpdates: 'all',
        }),
      );
    } catch (error) {
      // already gone from the calendar (404, 410 deleted): the record goes too
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
  } else if (existing.platform === 'zoom' && existing.zoomMeetingId !== null) {
    await deps.upstream
      .call(upstreamRoutes.deleteZoomMeeting, {
        requestId: caller.requestId,
        query: { eventId: existing.eventId, id: existing.zoomMeetingId },
      })
      .catch((error: unknown) => {
        if (!(error instanceof HttpError && error.status === 404)) throw error;
      });
  }
  await deps.upstream.call(upstreamRoutes.deleteMeeting, {
    user: caller,
    requestId: caller.requestId,
    params: { id: existing.eventId, meetingId: existing.id },
  });
}
