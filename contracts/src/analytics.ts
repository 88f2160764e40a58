import { z } from 'zod';
import { eventParams } from './events';
import { REGISTRATION_KINDS } from './forms/kinds';
import { commonErrors, defineRoute } from './http';
import { msg } from './validation';

/**
 * Issue 15, analytics reports (`/analytics/reports`). Reference-upstream extension: one endpoint per
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
  /** null while the event has no check-in data (the badges and check-in feature stores it) */
  checkIns: z.object({ total: count, byDay: z.array(z.object({ date: z.string(), count })) }).nullable(),
  /** null while the event has no B2B meeting data (the B2B engine stores it) */
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
