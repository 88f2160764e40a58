import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute, errorBody } from './http';
import { LOCALES } from './locale';
import { id } from './validation';

/**
 * Registration kiosk: a device at the registration desk that an organiser switches on for one
 * event. The BFF keeps the mode in a signed, HttpOnly cookie; the visitor page learns it from `?kiosk=1`
 * in its address (the cookie is out of the page's reach), which changes only what the page keeps, never
 * a limit: only the cookie, checked by the BFF, lifts the per-address ceiling.
 */
export const KIOSK_COOKIE = 'evt_kiosk';
/** The query parameter of a visitor form opened in kiosk mode. */
export const KIOSK_QUERY = 'kiosk';
/** The longest a kiosk cookie lives, whatever the event's end. */
export const KIOSK_MAX_MS = 24 * 60 * 60 * 1000;
/** The confirmation screen returns to an empty form after this delay. */
export const KIOSK_RESET_SECONDS = 20;

export const kioskBody = z.object({ formId: id(), locale: z.enum(LOCALES) });
export type KioskBody = z.infer<typeof kioskBody>;
/** Where the device goes (a local path of the visitor form, in kiosk mode) and until when the mode holds. */
export const kioskStarted = z.object({ path: z.string().startsWith('/'), expiresAt: z.iso.datetime() });
export type KioskStarted = z.infer<typeof kioskStarted>;

export const kioskRoutes = {
  /** `registrations:write`: the desk registers people for the event; the cookie goes to this device only. */
  start: defineRoute({
    method: 'POST',
    path: '/events/:id/kiosk',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    body: kioskBody,
    // 410: the event has ended
    responses: { 200: kioskStarted, 410: errorBody, ...commonErrors },
  }),
  /** Leaving kiosk mode clears the cookie; harmless for anyone (it only gives the limits back). */
  leave: defineRoute({
    method: 'POST',
    path: '/public/kiosk/leave',
    kind: 'bff',
    auth: 'public',
    responses: { 204: null, ...commonErrors },
  }),
} as const;
