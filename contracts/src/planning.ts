import { z } from 'zod';
import { eventClock } from './event-time-zone';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';
import { publicEventParams } from './public-registrations';
import { eventNameVersions } from './upstream-events';
import { planningMsg } from './feature-messages';
import { id, msg, requiredText } from './validation';

/**
 * The event's programme. Reference-upstream extension (the spec names the page
 * `/events/planning-{eventId}` and nothing more): `GET|POST /events/{id}/planning/sessions`,
 * `PUT|DELETE /planning/sessions/{id}`, and the public `GET /public/events/{slug}/programme`.
 */

export const ROOM_MAX = 80;
export const SPEAKERS_MAX = 12;

export const sessionTime = () =>
  z.string({ error: msg.invalidInput }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: planningMsg.time });
export const sessionDay = () =>
  z
    .string({ error: msg.invalidInput })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: planningMsg.day })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: planningMsg.day });

/** A speaker: a panelist registered through the panelist form (its registration id), or a free name. */
export const speaker = z.object({
  registrationId: id().nullable().default(null),
  name: requiredText(120),
});
export type Speaker = z.infer<typeof speaker>;
/** A speaker as a body holds it before parsing (its id may be a string of digits) -> as compared. */
export const speakerOf = (s: { registrationId?: unknown; name: string }): Speaker => ({
  registrationId:
    s.registrationId === null || s.registrationId === undefined ? null : Number(s.registrationId),
  name: s.name,
});

export const sessionFields = z.object({
  title: requiredText(150),
  day: sessionDay(),
  start: sessionTime(),
  end: sessionTime(),
  room: requiredText(ROOM_MAX),
  speakers: z.array(speaker).max(SPEAKERS_MAX, { error: msg.tooLong }).default([]),
});

/** `HH:MM` strings compare as times do. */
export const endsAfterStart = (s: { start: string; end: string }) => s.end > s.start;

/**
 * What the organiser sends. A session ending before it starts is refused; one that makes a room or a
 * speaker be in two places at once is saved only with `confirmConflicts` (the upstream answers 409 otherwise).
 */
export const sessionBody = sessionFields
  .extend({ confirmConflicts: z.boolean().optional().default(false) })
  .refine(endsAfterStart, { error: planningMsg.endBeforeStart, path: ['end'] });
export type SessionBody = z.input<typeof sessionBody>;

export const planningSession = sessionFields.extend({
  id: z.number().int(),
  eventId: z.number().int(),
  speakers: z.array(z.object({ registrationId: z.number().int().nullable(), name: z.string() })),
  updatedAt: z.string(),
});
export type PlanningSession = z.infer<typeof planningSession>;

/** The event's panelists, as the speaker picker offers them. */
export const panelist = z.object({ registrationId: z.number().int(), name: z.string() });
export type Panelist = z.infer<typeof panelist>;

export const planningBoard = z.object({
  eventId: z.number().int(),
  sessions: z.array(planningSession),
  panelists: z.array(panelist),
});
export type PlanningBoard = z.infer<typeof planningBoard>;

/** a session of an event: the event in the path, so the event's permissions apply */
export const sessionParams = z.object({ id: id(), sessionId: id() });

/** The public programme: the event's title and its sessions (speakers by name only). */
export const publicProgramme = z.object({
  event: z.object({
    id: z.number().int(),
    slug: z.string(),
    /** in the event's main language; `titles` holds the others written */
    title: z.string(),
    titles: eventNameVersions,
    venue: z.string(),
    city: z.string(),
    languages: z.array(z.string()),
    /** the zone of the sessions' days and times (extension) */
    timeZone: eventClock.timeZone,
  }),
  sessions: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      day: z.string(),
      start: z.string(),
      end: z.string(),
      room: z.string(),
      speakers: z.array(z.string()),
      updatedAt: z.string(),
    }),
  ),
});
export type PublicProgramme = z.infer<typeof publicProgramme>;

/** What makes two sessions clash: the same room, or a speaker (by registration, else by name) in both. */
export type Conflict = { kind: 'room'; with: number } | { kind: 'speaker'; with: number; speaker: string };

type Placed = Pick<PlanningSession, 'id' | 'day' | 'start' | 'end' | 'room'> & {
  speakers: readonly { registrationId: number | null; name: string }[];
};

const speakerKey = (s: { registrationId: number | null; name: string }) =>
  s.registrationId === null ? `n:${s.name.trim().toLocaleLowerCase()}` : `r:${s.registrationId}`;
const overlaps = (a: Placed, b: Placed) => a.day === b.day && a.start < b.end && b.start < a.end;

/** The clashes of `session` with the `others` (itself, by id, left out). */
export function conflictsOf(session: Placed, others: readonly Placed[]): Conflict[] {
  const out: Conflict[] = [];
  for (const other of others) {
    if (other.id === session.id || !overlaps(session, other)) continue;
    if (other.room.trim().toLocaleLowerCase() === session.room.trim().toLocaleLowerCase())
      out.push({ kind: 'room', with: other.id });
    const theirs = new Set(other.speakers.map(speakerKey));
    for (const s of session.speakers)
      if (theirs.has(speakerKey(s))) out.push({ kind: 'speaker', with: other.id, speaker: s.name });
  }
  return out;
}

export const planningRoutes = {
  board: defineRoute({
    method: 'GET',
    path: '/events/:id/planning/sessions',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: planningBoard, ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/events/:id/planning/sessions',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    body: sessionBody,
    responses: { 201: planningSession, 409: commonErrors[400], ...commonErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/events/:id/planning/sessions/:sessionId',
    kind: 'proxy',
    auth: 'session',
    params: sessionParams,
    body: sessionBody,
    responses: { 200: planningSession, 409: commonErrors[400], ...commonErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/events/:id/planning/sessions/:sessionId',
    kind: 'proxy',
    auth: 'session',
    params: sessionParams,
    responses: { 204: null, ...commonErrors },
  }),
  /** the visitor's read of the programme (BFF route, rate limited like the other public reads) */
  publicProgramme: defineRoute({
    method: 'GET',
    path: '/public/events/:slug/programme',
    kind: 'bff',
    auth: 'public',
    params: publicEventParams,
    responses: { 200: publicProgramme, ...commonErrors },
  }),
  /** the same programme as an iCalendar file (`text/calendar`), one VEVENT per session, UID per session id */
  publicProgrammeIcs: defineRoute({
    method: 'GET',
    path: '/public/events/:slug/programme.ics',
    kind: 'bff',
    auth: 'public',
    params: publicEventParams,
    responses: { 200: z.string(), ...commonErrors },
  }),
} as const;
