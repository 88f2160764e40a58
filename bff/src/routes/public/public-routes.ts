import { errorCode } from '@evt/contracts/errors';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { registrationBodyFor } from '@evt/contracts/forms/registry';
import { LOCALE_PREFIX } from '@evt/contracts/locale';
import { publicFormsOf, type WebhookForm } from '@evt/contracts/registration-forms';
import {
  confirmQuery,
  isHoneypotFilled,
  maskEmail,
  publicEventParams,
  registrationEnvelope,
  registrationParams,
  resendBody,
} from '@evt/contracts/public-registrations';
import express, { type RequestHandler, type Router } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { authRateLimit } from '../auth/rate-limit';
import { serviceClient } from './service-client';
import { uploadHandler } from './uploads';

/**
 * Per client and window (config.rateLimitWindowMs), as multiples of the authentication limit
 * (RATE_LIMIT_AUTH_MAX, 20 by default): what sends mail counts like a sign-in attempt, uploads (up to three
 * files a form) three times that, reads thirty times. One setting keeps tests and load runs consistent.
 */
export const PUBLIC_LIMIT_FACTORS = { read: 30, upload: 3, submit: 1 };
export type PublicLimits = Record<keyof typeof PUBLIC_LIMIT_FACTORS, number>;
const FORMS_CACHE_MS = 5_000;

// zod compiles a parser per schema instance on first use: build each kind's body schema once
const bodySchemas = new Map<RegistrationKind, ReturnType<typeof registrationBodyFor>>();
const bodySchemaFor = (kind: RegistrationKind) => {
  const known = bodySchemas.get(kind);
  if (known) return known;
  const schema = registrationBodyFor(kind);
  bodySchemas.set(kind, schema);
  return schema;
};

/**
 * `/api/public/*` (contracts/src/public-registrations.ts): no session; the CSRF middleware in front refuses
 * cross-site posts; every route is rate limited per client in Redis when configured; the bodies are
 * parsed with the same schemas as the browser's; the upstream is called with the BFF's own credential.
 */
export function publicRoutes(ctx: RouteContext, limits: Partial<PublicLimits> = {}): Router {
  const service = serviceClient(ctx);
  const base = ctx.config.rateLimitAuthMax;
  const max: PublicLimits = {
    read: base * PUBLIC_LIMIT_FACTORS.read,
    upload: base * PUBLIC_LIMIT_FACTORS.upload,
    submit: base * PUBLIC_LIMIT_FACTORS.submit,
    ...limits,
  };
  const limit = (name: string, n: number) =>
    authRateLimit(`public-${name}`, {
      redis: ctx.redis,
      keyPrefix: ctx.config.keyPrefix,
      windowMs: ctx.config.rateLimitWindowMs,
      max: n,
    });
  const read = limit('read', max.read);
  const submit = limit('submit', max.submit);
  // the event and kind ride along so that an expired link's page can offer a resend without asking them
  const confirmLink = (locale: keyof typeof LOCALE_PREFIX, eventSlug: string, kind: string) =>
    `${ctx.config.publicUrl.replace(/\/+$/, '')}${LOCALE_PREFIX[locale]}/public/registrations/confirm?${new URLSearchParams({ event: eventSlug, kind })}`;
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  };

  // the forms of an event change rarely and every visitor of a page asks: a short in-process cache
  const formsCache = new Map<string, { at: number; body: unknown }>();
  const router = express.Router();
  router.use(noStore);

  router.get('/events/:slug/forms', read, async (req, res) => {
    const { slug } = validate(publicEventParams, req.params);
    const cached = formsCache.get(slug);
    if (cached && Date.now() - cached.at < FORMS_CACHE_MS) return void res.json(cached.body);
    const rid = requestId(req);
    const event = (await service.api(`/public/events/${encodeURIComponent(slug)}`, {}, rid)).data as {
      id: number;
    };
    const forms = (await service.webhook(`/event-forms?eventId=${event.id}`, rid)).data as {
      data: WebhookForm[];
    };
    const body = { event, forms: publicFormsOf(forms.data ?? []) };
    if (formsCache.size > 1000) formsCache.clear();
    formsCache.set(slug, { at: Date.now(), body });
    res.json(body);
  });

  router.post('/uploads', limit('upload', max.upload), uploadHandler(service));

  const json = express.json({ limit: '256kb' });
  router.post('/events/:slug/registrations/:kind', submit, json, async (req, res) => {
    const { slug, kind } = validate(registrationParams, req.params);
    const envelope = validate(registrationEnvelope, req.body);
    const email = typeof envelope.data.email === 'string' ? envelope.data.email.trim() : '';
    // a bot gets the answer a person gets, and nothing is stored or sent
    if (isHoneypotFilled(envelope))
      return void res.status(202).json({ status: 'pending', email: maskEmail(email) });
    validate(bodySchemaFor(kind), envelope);
    const answer = await service.api(
      `/public/events/${encodeURIComponent(slug)}/registrations/${kind}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          locale: envelope.locale,
          ...(envelope.formId ? { formId: envelope.formId } : {}),
          data: envelope.data,
          confirmUrl: confirmLink(envelope.locale, slug, kind),
        }),
      },
      requestId(req),
    );
    res.status(202).json(answer.data);
  });

  router.get('/registrations/confirm', read, async (req, res) => {
    const { token } = validate(confirmQuery, req.query);
    const answer = await service.api(
      `/public/registrations/confirm?token=${encodeURIComponent(token)}`,
      {},
      requestId(req),
    );
    res.json(answer.data);
  });

  router.post('/registrations/resend', submit, json, async (req, res) => {
    const body = validate(resendBody, req.body);
    await service.api(
      '/public/registrations/resend',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ...body,
          confirmUrl: confirmLink(body.locale ?? 'fr', body.eventSlug, body.kind),
        }),
      },
      requestId(req),
    );
    res.status(202).json({ status: 'sent' });
  });

  router.use(() => {
    throw new HttpError(404, errorCode.routeNotFound);
  });
  return router;
}
