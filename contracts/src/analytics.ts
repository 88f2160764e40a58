import { z } from 'zod';
import { eventParams } from './events';
import { REGISTRATION_KINDS } from './forms/kinds';
import { commonErrors, defineRoute } from './http';
import { msg } from './validation';

/**
 * Analytics reports (`/analytics/reports`). Reference-upstream extension: one endpoint per
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

export const analyticsRoutes = {
  registrations: defineRoute({
    method: 'GET',
    path: '/events/:id/reports/registrations',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    query: reportQuery,
    responses: { 200: registrationReport, ...commonErrors },
  }),
} as const;
