import { B2B_KEY_HEADER, b2bSpaceRoutes as routes } from '@evt/contracts/b2b';
import { agendaIcs } from '@evt/contracts/b2b-ics';
import { errorCode } from '@evt/contracts/errors';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import express, { type RequestHandler, type Router } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import type { RouteAdapter } from '../../http/route-adapter';
import type { RouteContext } from '../context';
import { linkCall } from './link-call';
import { type PublicLimits, publicLimiters } from './public-routes';

/** `.ics` is accepted at the end of the feed's address (calendar applications like it): not part of the key */
const feedSuffix: RequestHandler = (req, _res, next) => {
  if (typeof req.params.key === 'string') req.params.key = req.params.key.replace(/\.ics$/, '');
  next();
};

/**
 * `/api/public/b2b/*` (contracts/src/b2b.ts `b2bSpaceRoutes`): a company's private space. No session: the
 * personal link is the credential, sent by the page in the `X-B2B-Key` header as `{code}-{key}`. The
 * calendar feed carries a key of its own in its address (calendar applications subscribe to an address):
 * read-only, renewable on its own, and the space's key is refused there.
 * Limited like the public forms: reads as reads, writes (requests, profile, link resends) as submissions.
 */
export function b2bSpaceRoutes(
  ctx: RouteContext,
  adapter: RouteAdapter,
  limits: Partial<PublicLimits> = {},
): Router {
  const { upstream } = ctx;
  const { max, limit } = publicLimiters(ctx, limits);
  const read = [limit('read', max.read)];
  const json = express.json({ limit: '16kb' });
  const write = [limit('submitAddress', max.submitAddress), json];
  const call = linkCall(ctx, B2B_KEY_HEADER);
  const router = express.Router();

  adapter.mount(
    router,
    routes,
    {
      me: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bMe, req, params.slug, {}),
      }),
      directory: async ({ params, query, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bDirectory, req, params.slug, { query }),
      }),
      suggestions: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bSuggestions, req, params.slug, {}),
      }),
      company: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bCompany, req, params.slug, { companyId: params.companyId }),
      }),
      companyLogo: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bCompanyLogo, req, params.slug, { companyId: params.companyId }),
      }),
      requests: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bRequests, req, params.slug, {}),
      }),
      sendRequest: async ({ params, body, req }) => ({
        status: 201,
        body: await call(upstreamRoutes.b2bSend, req, params.slug, { request: body }),
      }),
      actOnRequest: async ({ params, body, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bAct, req, params.slug, {
          requestId: params.requestId,
          action: params.action,
          decline: body,
        }),
      }),
      setMustMeet: async ({ params, body, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bMustMeet, req, params.slug, {
          requestId: params.requestId,
          mustMeet: body.mustMeet,
        }),
      }),
      agenda: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bAgenda, req, params.slug, {}),
      }),
      feedKey: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bFeedKey, req, params.slug, { renew: false }),
      }),
      renewFeedKey: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bFeedKey, req, params.slug, { renew: true }),
      }),
      profile: async ({ params, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bProfile, req, params.slug, {}),
      }),
      saveProfile: async ({ params, body, req }) => ({
        status: 200,
        body: await call(upstreamRoutes.b2bSaveProfile, req, params.slug, { profile: body }),
      }),
      // `/calendar/{company}/{feed key}`: the agenda as a subscribable calendar, opened by the feed's own
      // read-only key (the space's key opens nothing here)
      feed: async ({ params: { slug, company, key }, req }) => {
        const agenda = await upstream.call(upstreamRoutes.b2bFeedAgenda, {
          body: { slug, code: company, feedKey: key },
          requestId: requestId(req),
        });
        return {
          status: 200,
          file: {
            contentType: 'text/calendar; charset=utf-8',
            disposition: 'inline; filename="b2b-agenda.ics"',
            data: agendaIcs(agenda),
          },
        };
      },
      // the link is mailed in the company's own language, to the address it registered with
      resendLink: async ({ params: { slug }, body, req }) => {
        await upstream.call(upstreamRoutes.b2bLink, {
          body: { slug, code: body.code, linkBase: ctx.config.publicUrl },
          requestId: requestId(req),
        });
        return { status: 202, body: { status: 'sent' } };
      },
    },
    {
      base: '/public/b2b',
      before: {
        me: read,
        directory: read,
        suggestions: read,
        company: read,
        companyLogo: read,
        requests: read,
        sendRequest: write,
        actOnRequest: write,
        setMustMeet: write,
        agenda: read,
        feedKey: read,
        renewFeedKey: write,
        profile: read,
        saveProfile: write,
        feed: [...read, feedSuffix],
        resendLink: write,
      },
    },
  );

  router.use(() => {
    throw new HttpError(404, errorCode.routeNotFound);
  });
  return router;
}
