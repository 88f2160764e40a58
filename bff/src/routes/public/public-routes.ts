import { errorCode } from '@evt/contracts/errors';
import { registrationBodyFor } from '@evt/contracts/forms/registry';
import { LOCALE_PREFIX } from '@evt/contracts/locale';
import { kioskRoutes } from '@evt/contracts/kiosk';
import { planningRoutes } from '@evt/contracts/planning';
import {
  type ConfirmResult,
  isHoneypotFilled,
  maskEmail,
  publicRegistrationRoutes,
} from '@evt/contracts/public-registrations';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { createHash } from 'node:crypto';
import express, { type Request, type RequestHandler, type Router } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import type { RouteAdapter } from '../../http/route-adapter';
import { validate } from '../../http/validate';
import type { ResendJob } from '../../jobs/resend-jobs';
import type { RouteContext } from '../context';
import { authRateLimit } from '../auth/rate-limit';
import { isKioskFor, leaveKiosk } from '../kiosk/kiosk';
import type { EventFormsReader, EventPageReader } from './event-forms';
import { programmeHandlers } from './programme';
import { uploadHandler } from './uploads';

/**
 * Per client and window (config.rateLimitWindowMs), as multiples of the authentication limit
 * (RATE_LIMIT_AUTH_MAX, 20 by default): uploads (up to three files a form) three times it, reads thirty
 * times. Submissions (registrations and resends, which send mail) count twice: per address and e-mail
 * (`submit`, a quarter of it: one person hammering one address) and per address alone (`submitAddress`,
 * twenty-five times it: a venue's Wi-Fi puts hundreds of visitors behind one address, so it is only a
 * ceiling against a flood of made-up e-mails). One setting keeps tests and load runs consistent.
 */
export const PUBLIC_LIMIT_FACTORS = { read: 30, upload: 3, submit: 0.25, submitAddress: 25 };
export type PublicLimits = Record<keyof typeof PUBLIC_LIMIT_FACTORS, number>;

/** The e-mail of a submission, as the per-pair limit counts it: lower-cased, trimmed, hashed (no address in Redis keys). */
function emailKeyPart(req: Request): string {
  const body: unknown = req.body;
  let email: unknown;
  if (body && typeof body === 'object') {
    const data = (body as { data?: unknown }).data;
    email =
      data && typeof data === 'object'
        ? (data as { email?: unknown }).email
        : (body as { email?: unknown }).email;
  }
  const normalised = typeof email === 'string' ? email.trim().toLowerCase() : '';
  return createHash('sha256').update(normalised).digest('base64url').slice(0, 22);
}

/**
 * The limits of the public routes and a limiter of one of them. Limiters of the same name count together
 * when Redis is configured (the server-rendered form page counts as one read of its event's forms).
 */
export function publicLimiters(ctx: RouteContext, limits: Partial<PublicLimits> = {}) {
  const base = ctx.config.rateLimitAuthMax;
  const max: PublicLimits = {
    read: base * PUBLIC_LIMIT_FACTORS.read,
    upload: base * PUBLIC_LIMIT_FACTORS.upload,
    submit: Math.max(1, Math.ceil(base * PUBLIC_LIMIT_FACTORS.submit)),
    submitAddress: base * PUBLIC_LIMIT_FACTORS.submitAddress,
    ...limits,
  };
  const limit = (
    name: keyof PublicLimits,
    n: number,
    keyPart?: (req: Request) => string,
    skip?: (req: Request) => boolean | Promise<boolean>,
  ) =>
    authRateLimit(`public-${name}`, {
      keyPart,
      skip,
      redis: ctx.redis,
      keyPrefix: ctx.config.keyPrefix,
      windowMs: ctx.config.rateLimitWindowMs,
      max: n,
      // visitors' forms stay open while Redis is away (docs/operations.md); their limits pass meanwhile
      whenStoreFails: 'pass',
    });
  return { max, limit };
}

/**
 * `/api/public/*` (contracts/src/public-registrations.ts): no session; the CSRF middleware in front refuses
 * cross-site posts; every route is rate limited per client in Redis when configured; the bodies are
 * parsed with the same schemas as the browser's; the upstream is called with the BFF's own credential (the `service` routes of upstream-routes.ts).
 */
export function publicRoutes(
  ctx: RouteContext,
  adapter: RouteAdapter,
  limits: Partial<PublicLimits> = {},
  readers: {
    readPage: EventPageReader;
    readForms: EventFormsReader;
    /** queues a confirmation resend (jobs/resend-jobs.ts) */
    resend: (job: ResendJob) => Promise<void>;
  },
): Router {
  const { readPage, readForms, resend } = readers;
  const { upstream } = ctx;
  const { max, limit } = publicLimiters(ctx, limits);
  const read = limit('read', max.read);
  const json = express.json({ limit: '256kb' });
  // the address ceiling first (before a body is read), then the address-and-e-mail pair on the parsed body;
  // a registration kiosk of the event the submission goes to (its device session) is not held to the ceiling
  const fromKiosk = (req: Request) => {
    const slug = req.params.slug;
    return isKioskFor(ctx, req, typeof slug === 'string' ? slug : undefined);
  };
  const submit = [
    limit('submitAddress', max.submitAddress, undefined, fromKiosk),
    json,
    limit('submit', max.submit, emailKeyPart),
  ];
  // the event and kind ride along so that an expired link's page can offer a resend without asking them
  const confirmLink = (locale: keyof typeof LOCALE_PREFIX, eventSlug: string, kind: string) =>
    `${ctx.config.publicUrl.replace(/\/+$/, '')}${LOCALE_PREFIX[locale]}/public/registrations/confirm?${new URLSearchParams({ event: eventSlug, kind })}`;
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  };

  const router = express.Router();
  router.use(noStore);
  const base = '/public';

  adapter.mount(router, planningRoutes, programmeHandlers(ctx), {
    base,
    before: { publicProgramme: [read], publicProgrammeIcs: [read] },
  });
  // leaving kiosk mode: with the staff PIN (routes/kiosk), its tries counted per device
  const leave = leaveKiosk(ctx);
  adapter.mount(
    router,
    { leave: kioskRoutes.leave },
    { leave: leave.handler },
    { base, before: { leave: leave.before } },
  );

  adapter.mount(
    router,
    publicRegistrationRoutes,
    {
      event: async ({ params: { slug }, req }) => ({
        status: 200,
        body: await readPage(slug, requestId(req)),
      }),
      forms: async ({ params: { slug }, req }) => ({
        status: 200,
        body: await readForms(slug, requestId(req)),
      }),
      upload: uploadHandler(upstream, readForms),
      register: async ({ params: { slug, kind }, body: envelope, req }) => {
        const email = typeof envelope.data.email === 'string' ? envelope.data.email.trim() : '';
        // a bot gets the answer a person gets, and nothing is stored or sent
        if (isHoneypotFilled(envelope))
          return { status: 202, body: { status: 'pending', email: maskEmail(email) } };
        // what was validated is what goes on: the kind's parsed fields, not the raw ones (the kind's own
        // schema, chosen by the path's kind, with the event form's questions: the contract declares the
        // envelope they all share)
        const { forms } = await readForms(slug, requestId(req));
        const questions = forms.find((form) => form.kind === kind)?.questions ?? [];
        const { data } = validate(registrationBodyFor(kind, questions), envelope);
        const answer = await upstream.call(upstreamRoutes.publicRegister, {
          params: { slug, kind },
          body: {
            locale: envelope.locale,
            formId: envelope.formId,
            data,
            confirmUrl: confirmLink(envelope.locale, slug, kind),
          },
          requestId: requestId(req),
        });
        return { status: 202, body: answer };
      },
      confirm: async ({ query: { token }, req }) => {
        // a start token is asked for only when there is a bot to give it to, and goes out only inside its link
        const bot = ctx.config.telegramBotUsername ?? null;
        const { telegramToken, ...answer } = await upstream.call(upstreamRoutes.publicConfirm, {
          body: bot ? { token, telegram: '1' } : { token },
          requestId: requestId(req),
        });
        const body: ConfirmResult =
          telegramToken && bot
            ? { ...answer, telegramLink: `https://t.me/${bot}?start=${telegramToken}` }
            : answer;
        return { status: 200, body };
      },
      // queued, whoever asks: done here, the upstream's work for a pending registration (a new link, a mail)
      // made the answer slower than for an unknown address, telling who registered (jobs/resend-jobs.ts)
      resend: async ({ body }) => {
        await resend({ ...body, confirmUrl: confirmLink(body.locale ?? 'fr', body.eventSlug, body.kind) });
        return { status: 202, body: { status: 'sent' } };
      },
    },
    {
      base,
      before: {
        event: [read],
        forms: [read],
        upload: [limit('upload', max.upload)],
        register: submit,
        confirm: [read],
        resend: submit,
      },
    },
  );

  router.use(() => {
    throw new HttpError(404, errorCode.routeNotFound);
  });
  return router;
}
