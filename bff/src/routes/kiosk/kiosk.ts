import { errorCode } from '@evt/contracts/errors';
import { FORM_SLUGS } from '@evt/contracts/forms/kinds';
import {
  KIOSK_COOKIE,
  KIOSK_MAX_MS,
  KIOSK_QUERY,
  type KioskStarted,
  type kioskRoutes,
} from '@evt/contracts/kiosk';
import { localisePath } from '@evt/contracts/locale';
import { kindOfFormCode } from '@evt/contracts/registration-forms';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { CookieOptions } from 'express';
import { HttpError } from '../../http/http-error';
import type { RouteHandler } from '../../http/route-adapter';
import { rawCookie } from '../../session/session-cookie';
import type { RouteContext } from '../context';

/**
 * Registration kiosk (docs/security.md): a signed cookie `v1.<eventId>.<slug>.<expires ms>.<mac>`
 * for the public API only. Its key is derived from the first session secret under a label of its own, so a
 * kiosk value can never pass for a session or badge signature, nor the reverse.
 */
const LABEL = 'evt-kiosk-cookie-v1';
const COOKIE_PATH = '/api/public';

export function kioskKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update(LABEL).digest();
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signKiosk(key: Buffer, eventId: number, slug: string, expiresAt: number): string {
  const payload = `v1.${eventId}.${slug}.${expiresAt}`;
  return `${payload}.${mac(key, payload)}`;
}

/** The event of a valid, unexpired kiosk value, or null (forged, expired, malformed). */
export function verifyKiosk(
  key: Buffer,
  value: string | undefined,
  now = Date.now(),
): { eventId: number; slug: string } | null {
  if (!value) return null;
  const parts = value.split('.');
  if (parts.length !== 5 || parts[0] !== 'v1') return null;
  const [, eventId = '', slug = '', expires = '', given = ''] = parts;
  const expected = Buffer.from(mac(key, parts.slice(0, 4).join('.')));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  if (!(Number(expires) > now)) return null;
  return { eventId: Number(eventId), slug };
}

const cookieOptions = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: COOKIE_PATH,
});

/** Whether a public submission to `slug` comes from this event's kiosk (a valid cookie for that event). */
export function isKioskFor(key: Buffer, req: IncomingMessage, slug: string | undefined): boolean {
  const found = verifyKiosk(key, rawCookie(req, KIOSK_COOKIE));
  return found !== null && slug !== undefined && found.slug === slug;
}

/**
 * `POST /api/events/:id/kiosk` (`registrations:write`): checks the form belongs to the event, sets the
 * cookie on this device until the event's end (24 hours at most) and answers the form's kiosk address.
 */
export function startKiosk(ctx: RouteContext): RouteHandler<typeof kioskRoutes.start> {
  const key = kioskKey(ctx.config.sessionSecrets[0] ?? '');
  return async ({ params: { id }, body: { formId, locale }, caller, res }) => {
    const event = await ctx.upstream.call(upstreamRoutes.kioskEvent, {
      user: caller,
      requestId: caller.requestId,
      params: { id },
    });
    const forms = await ctx.upstream.call(upstreamRoutes.eventForms, {
      query: { eventId: id },
      requestId: caller.requestId,
    });
    const form = forms.data.find((f) => f.id === formId && f.eventId === id);
    const kind = form ? kindOfFormCode(form.kind) : undefined;
    if (!kind) throw new HttpError(404, errorCode.formNotFound);
    const now = Date.now();
    const expiresAt = Math.min(now + KIOSK_MAX_MS, Date.parse(event.endDate));
    // an event that has ended has no registration desk any more
    if (!(expiresAt > now)) throw new HttpError(410, errorCode.formClosed);
    res.cookie(KIOSK_COOKIE, signKiosk(key, event.id, event.slug, expiresAt), {
      ...cookieOptions(ctx.config.secure),
      expires: new Date(expiresAt),
    });
    const path = `${localisePath(locale, `/events-${event.slug}/${FORM_SLUGS[kind]}`)}?${KIOSK_QUERY}=1`;
    const body: KioskStarted = { path, expiresAt: new Date(expiresAt).toISOString() };
    return { status: 200, body };
  };
}

/** `POST /api/public/kiosk/leave`: clears the cookie (the ordinary limits apply again). */
export function leaveKiosk(ctx: RouteContext): RouteHandler<typeof kioskRoutes.leave> {
  return async ({ res }) => {
    res.clearCookie(KIOSK_COOKIE, cookieOptions(ctx.config.secure));
    return { status: 204 };
  };
}
