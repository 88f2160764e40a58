import { z } from 'zod';
import { eventParams } from './events';
import { REGISTRATION_KINDS } from './forms/kinds';
import { commonErrors, defineRoute } from './http';
import { B2B_PROGRAMME_ACTIONS, EVENT_ITEM_DELETIONS } from './rights';
import { msg } from './validation';

/**
 * Analytics reports (`/analytics/reports-{event}`). Reference-upstream extension: one endpoint per
 * report, the figures computed in SQL, so a report is one call whatever the number of chart points.
 */

const isoDay = z
  .string({ error: msg.invalidInput })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.invalidInput })
  .optional();

/** Filters of every report: a period of registration days (inclusive) and one registration kind. */
export const reportQuery = z
  .object({
    from: isoDay,
    to: isoDay,
    kind: z.enum(REGISTRATION_KINDS, { error: msg.invalidInput }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: msg.dateOrder, path: ['to'] });
export type ReportQuery = z.input<typeof reportQuery>;

const count = z.number().int().nonnegative();
/** A figure per category (`key`: a registration kind, a status, an ISO country code, a locale; '' unknown). */
const breakdown = z.array(z.object({ key: z.string(), count }));

export const registrationReport = z.object({
  eventId: z.number().int(),
  /** the event's first day (UTC, `YYYY-MM-DD`): a comparison lines events up by the days before it */
  startsOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  total: count,
  pending: count,
  confirmed: count,
  /** confirmed / total, null when there is no registration */
  confirmationRate: z.number().min(0).max(1).nullable(),
  byDay: z.array(z.object({ date: z.string(), count, cumulative: count })),
  byKind: breakdown,
  byCountry: breakdown,
  byLanguage: breakdown,
  /**
   * The arrivals of the report's registrations; null while the event has no check-in. `byHour` keys are
   * UTC hours, `YYYY-MM-DDTHH:00Z`, in order; `byKind` as above.
   */
  checkIns: z
    .object({ total: count, byKind: breakdown, byHour: z.array(z.object({ hour: z.string(), count })) })
    .nullable(),
  /**
   * The B2B programme's meetings, null when the event has none: requests made by the report's
   * registrations, meetings placed from them (scheduled, held or missed; not cancelled), and held.
   */
  b2bMeetings: z.object({ requested: count, scheduled: count, held: count }).nullable(),
});
export type RegistrationReport = z.infer<typeof registrationReport>;

/**
 * What the activity page (`/activities-{event}`) reads from the upstream besides commissions, tasks and
 * documents: registrations arriving, confirmed, cancelled or deleted; mailings sent; the B2B programme's
 * requests, its scheduling run and its publication.
 */
export const ACTIVITY_KINDS = [
  'registration.created',
  'registration.confirmed',
  'registration.cancelled',
  'registration.deleted',
  'mailing.sent',
  'b2b.requested',
  ...B2B_PROGRAMME_ACTIONS,
  ...EVENT_ITEM_DELETIONS,
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const activityItem = z.object({
  kind: z.enum(ACTIVITY_KINDS),
  at: z.string(),
  /** who did it where it is recorded (an organiser); null for a visitor's own step or the scheduler */
  actor: z.string().nullable(),
  /** the registration it is about while it exists (a B2B request's: the asking company's) */
  registration: z
    .object({
      id: z.number().int(),
      kind: z.enum(REGISTRATION_KINDS),
      firstNames: z.string(),
      lastName: z.string(),
    })
    .nullable(),
  /** a mailing's subject; a B2B request's two companies, asking then asked */
  names: z.array(z.string()),
  /** a mailing's recipients; the meetings scheduled or published */
  count: count.nullable(),
  /** the item can still be opened (a deleted registration or mailing cannot) */
  exists: z.boolean(),
});
export type ActivityItem = z.infer<typeof activityItem>;
/** `limit`: the newest items of each kind (a busy kind does not push the others out) */
export const activityQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().default(30),
});
export const activityFeed = z.object({ data: z.array(activityItem) });
export type ActivityFeed = z.infer<typeof activityFeed>;

export const analyticsRoutes = {
  registrations: defineRoute({
    method: 'GET',
    path: '/events/:id/reports/registrations',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: eventParams,
    query: reportQuery,
    responses: { 200: registrationReport, ...commonErrors },
  }),
  /**
   * The event's activity, newest first: each kind only for who may see it (registrations:read for the
   * registrations, mailings:send for mailings, b2b:manage for the B2B programme).
   */
  activity: defineRoute({
    method: 'GET',
    path: '/events/:id/activity',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    query: activityQuery,
    responses: { 200: activityFeed, ...commonErrors },
  }),
} as const;
