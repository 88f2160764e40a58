import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute, errorBody } from './http';
import { LOCALES } from './locale';
import { id, msg } from './validation';

/**
 * Registration kiosk: a device at the registration desk that an organiser switches on for one
 * event. The device gets a session of its own (an HttpOnly cookie naming a record the BFF keeps), which
 * opens the event's visitor forms without the per-address ceiling and nothing else; the organiser who
 * switched it on is signed out on that device. The visitor page learns the mode from `?kiosk=1` in its
 * address (the cookie is out of the page's reach), which changes only what the page keeps and shows,
 * never a limit or an access. Leaving needs the staff PIN chosen at the start, or a sign-in.
 */
export const KIOSK_COOKIE = 'evt_kiosk';
/** The query parameter of a visitor form opened in kiosk mode. */
export const KIOSK_QUERY = 'kiosk';
/** The longest a kiosk cookie lives, whatever the event's end. */
export const KIOSK_MAX_MS = 24 * 60 * 60 * 1000;
/** The confirmation screen returns to an empty form after this delay. */
export const KIOSK_RESET_SECONDS = 20;

/** The staff PIN that leaves kiosk mode: digits only, so that the desk's numeric keypad types it. */
export const kioskPin = z.string().regex(/^[0-9]{4,8}$/, { error: msg.kioskPin });
/** Wrong PINs a kiosk accepts per sign-in window (RATE_LIMIT_WINDOW_MS) before it asks to wait. */
export const KIOSK_PIN_TRIES = 5;

export const kioskBody = z.object({ formId: id(), locale: z.enum(LOCALES), pin: kioskPin });
export type KioskBody = z.infer<typeof kioskBody>;
/** Where the device goes (a local path of the visitor form, in kiosk mode) and until when the mode holds. */
export const kioskStarted = z.object({ path: z.string().startsWith('/'), expiresAt: z.iso.datetime() });
export type KioskStarted = z.infer<typeof kioskStarted>;
/** Leaving asks for the PIN; its length is not checked here, so a wrong one counts as a wrong try. */
export const kioskLeaveBody = z.object({ pin: z.string().max(64) });
export type KioskLeaveBody = z.infer<typeof kioskLeaveBody>;

export const kioskRoutes = {
  /**
   * `registrations:write`: the desk registers people for the event. The device's own session cookie goes
   * to this device only, and the caller's session ends on it (signed out here, not elsewhere).
   */
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
  /**
   * Leaving kiosk mode ends the device's session; with a live one it needs the staff PIN (403 for a wrong
   * one, 429 after KIOSK_PIN_TRIES wrong ones in the window). Signing in on the device ends it too.
   */
  leave: defineRoute({
    method: 'POST',
    path: '/public/kiosk/leave',
    kind: 'bff',
    auth: 'public',
    body: kioskLeaveBody,
    responses: { 204: null, ...commonErrors },
  }),
} as const;
