import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';
import { registrationKind } from './public-registrations';
import { id, msg } from './validation';

/*
 * Check-in: staff scan a badge's QR code (camera or keyboard-wedge scanner) or find a person by
 * name. The BFF checks the code's signature (it alone has the key) and asks the upstream to record the
 * arrival (extension `POST /events/{id}/checkins`, once per registration).
 */

/** What a scanner typed: the token printed in the QR code (letters and digits), trimmed. */
export const checkinScanBody = z.object({
  code: z
    .string({ error: msg.required })
    .trim()
    .min(1, { error: msg.required })
    .max(200, { error: msg.tooLong }),
});
export const checkinRegistrationBody = z.object({ registrationId: id() });

export const checkedInPerson = z.object({
  registrationId: z.number().int(),
  lastName: z.string(),
  firstNames: z.string(),
  organisation: z.string(),
  role: registrationKind,
  /**
   * `pending`: registered (at the kiosk, say) without confirming by e-mail yet; the desk confirms them by
   * hand before a badge or a check-in (the search finds them, the scan never does: they have no badge)
   */
  status: z.enum(['pending', 'confirmed']),
  checkedInAt: z.string().nullable(),
  /** the staff member's name */
  checkedInBy: z.string().nullable(),
  /** the desk that scanned them (offline-capable check-in), or null (found by name, or before desks) */
  desk: z.string().nullable(),
});
export type CheckedInPerson = z.infer<typeof checkedInPerson>;

/**
 * `checkedIn`: marked present now; `already`: marked before (at and by whom in `person`). Refusals a
 * steward reads: `invalid` (not one of our badges, or altered), `otherEvent` (a badge of another event),
 * `notConfirmed`/`unknown` (the registration is not confirmed, or is gone).
 */
export const checkinResult = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.enum(['checkedIn', 'already']), person: checkedInPerson }),
  z.object({ outcome: z.enum(['invalid', 'otherEvent', 'notConfirmed', 'unknown']) }),
]);
export type CheckinResult = z.infer<typeof checkinResult>;

export const checkinSearchQuery = z.object({
  q: z.string().trim().min(1, { error: msg.required }).max(200, { error: msg.tooLong }),
});
export const checkinSearchResult = z.object({ data: z.array(checkedInPerson) });

export const checkinStats = z.object({
  confirmed: z.number().int(),
  checkedIn: z.number().int(),
  byRole: z.array(
    z.object({ role: registrationKind, confirmed: z.number().int(), checkedIn: z.number().int() }),
  ),
  /** arrivals per hour (the hour's start, ISO), in order */
  byHour: z.array(z.object({ hour: z.string(), count: z.number().int() })),
  /** arrivals per desk, most first (`desk` null: checked in by name, or before desks were named) */
  byDesk: z.array(z.object({ desk: z.string().nullable(), count: z.number().int() })),
});
export type CheckinStats = z.infer<typeof checkinStats>;

export const checkinRoutes = {
  scan: defineRoute({
    method: 'POST',
    path: '/events/:id/checkins/scan',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    body: checkinScanBody,
    responses: { 200: checkinResult, ...commonErrors },
  }),
  /** found by name: checked in by the registration's id */
  checkIn: defineRoute({
    method: 'POST',
    path: '/events/:id/checkins',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: eventParams,
    body: checkinRegistrationBody,
    responses: { 200: checkinResult, ...commonErrors },
  }),
  search: defineRoute({
    method: 'GET',
    path: '/events/:id/checkins/search',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: eventParams,
    query: checkinSearchQuery,
    responses: { 200: checkinSearchResult, ...commonErrors },
  }),
  stats: defineRoute({
    method: 'GET',
    path: '/events/:id/checkins/stats',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: eventParams,
    responses: { 200: checkinStats, ...commonErrors },
  }),
} as const;
