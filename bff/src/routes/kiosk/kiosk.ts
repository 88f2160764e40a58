import { errorCode } from '@evt/contracts/errors';
import { FORM_SLUGS } from '@evt/contracts/forms/kinds';
import {
  KIOSK_COOKIE,
  KIOSK_MAX_MS,
  KIOSK_PIN_TRIES,
  KIOSK_QUERY,
  type KioskStarted,
  type kioskRoutes,
} from '@evt/contracts/kiosk';
import { localisePath } from '@evt/contracts/locale';
import { kindOfFormCode } from '@evt/contracts/registration-forms';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { IncomingMessage } from 'node:http';
import express, { type CookieOptions, type Request, type RequestHandler, type Response } from 'express';
import { HttpError } from '../../http/http-error';
import type { RouteHandler } from '../../http/route-adapter';
import { rawCookie } from '../../session/session-cookie';
import { signOut } from '../auth/logout';
import { authRateLimit } from '../auth/rate-limit';
import type { RouteContext } from '../context';
import { type KioskDevice, kioskDevices } from './kiosk-devices';

/**
 * Registration kiosk (docs/security.md): the device's own session, a random HttpOnly cookie naming a
 * record the BFF keeps (kiosk-devices.ts). It is read under `/api` so that a sign-in on the device ends
 * it; no console route accepts it (it is not a session cookie, and the organiser's is gone from the device).
 */
const COOKIE_PATH = '/api';

const cookieOptions = (secure: boolean): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure,
  path: COOKIE_PATH,
});

type KioskContext = Pick<RouteContext, 'redis' | 'config'>;

/** The live kiosk this request's device is, or null. */
export function kioskOf(ctx: KioskContext, req: IncomingMessage): Promise<KioskDevice | null> {
  return kioskDevices(ctx).read(rawCookie(req, KIOSK_COOKIE));
}

/** Whether a public submission to `slug` comes from this event's kiosk (a live device session for it). */
export async function isKioskFor(ctx: KioskContext, req: IncomingMessage, slug: string | undefined) {
  const found = await kioskOf(ctx, req);
  return found !== null && slug !== undefined && found.slug === slug;
}

/** Ends the device's kiosk session, if any, and tells the browser to forget its cookie. */
export async function endKiosk(ctx: KioskContext, req: Request, res: Response): Promise<void> {
  const cookie = rawCookie(req, KIOSK_COOKIE);
  if (cookie === undefined) return;
  res.clearCookie(KIOSK_COOKIE, cookieOptions(ctx.config.secure));
  await kioskDevices(ctx).end(cookie);
}

/**
 * `POST /api/events/:id/kiosk` (`registrations:write`): checks the form belongs to the event, keeps a
 * device session until the event's end (24 hours at most) with the PIN's hash, gives this device its
 * cookie, signs the organiser out on this device, and answers the form's kiosk address.
 */
export function startKiosk(ctx: RouteContext): RouteHandler<typeof kioskRoutes.start> {
  const store = kioskDevices(ctx);
  return async ({ params: { id }, body: { formId, locale, pin }, caller, req, res }) => {
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
    const pinHash = await store.hashPin(pin);
    // a kiosk this device already was ends: one device, one kiosk
    await endKiosk(ctx, req, res);
    const cookie = await store.create({ eventId: event.id, slug: event.slug, pinHash, expiresAt });
    res.cookie(KIOSK_COOKIE, cookie, { ...cookieOptions(ctx.config.secure), expires: new Date(expiresAt) });
    // the device is the kiosk's now, not the organiser's: a visitor finds no session to open the console
    await signOut(ctx, req, res);
    const path = `${localisePath(locale, `/events-${event.slug}/${FORM_SLUGS[kind]}`)}?${KIOSK_QUERY}=1`;
    const body: KioskStarted = { path, expiresAt: new Date(expiresAt).toISOString() };
    return { status: 200, body };
  };
}

/**
 * `POST /api/public/kiosk/leave`: a device with a live kiosk session leaves it with the staff PIN only;
 * wrong PINs are counted per device (a refused one, 403), KIOSK_PIN_TRIES per window, then 429 until the
 * window ends. Without a live kiosk there is nothing to protect: the stale cookie is cleared.
 */
export function leaveKiosk(ctx: RouteContext): {
  before: RequestHandler[];
  handler: RouteHandler<typeof kioskRoutes.leave>;
} {
  const store = kioskDevices(ctx);
  const tries = authRateLimit('kiosk-pin', {
    redis: ctx.redis,
    keyPrefix: ctx.config.keyPrefix,
    windowMs: ctx.config.rateLimitWindowMs,
    max: KIOSK_PIN_TRIES,
    keyOf: (req) => `kiosk:${store.idOf(rawCookie(req, KIOSK_COOKIE) ?? '')}`,
    countStatus: 403,
  });
  const leave: RouteHandler<typeof kioskRoutes.leave> = async ({ body: { pin }, req, res }) => {
    const device = await kioskOf(ctx, req);
    if (device !== null && !(await store.pinMatches(pin, device.pinHash)))
      throw new HttpError(403, errorCode.kioskPinWrong);
    await endKiosk(ctx, req, res);
    return { status: 204 };
  };
  return { before: [express.json({ limit: '1kb' }), tries], handler: leave };
}
