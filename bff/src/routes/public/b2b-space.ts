import {
  B2B_KEY_HEADER,
  declineBody,
  directoryQuery,
  keyHeader,
  mustMeetBody,
  newRequestBody,
  profileEdit,
  resendLinkBody,
  b2bSpaceRoutes as routes,
  slugParam,
} from '@evt/contracts/b2b';
import { agendaIcs } from '@evt/contracts/b2b-ics';
import { errorCode } from '@evt/contracts/errors';
import type { BodyOf, RouteContract, UpstreamRoute } from '@evt/contracts/http';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import express, { type Request, type RequestHandler, type Router } from 'express';
import type { z } from 'zod';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import type { CallInput } from '../../upstream/client';
import type { RouteContext } from '../context';
import { type PublicLimits, publicLimiters } from './public-routes';

type Credential = { slug: string; code: number; key: string };

/** A route of the space that is one upstream call: the credential plus what `input` reads of the request. */
interface SpaceRow {
  route: RouteContract & { params: z.ZodType };
  /** the answer's status (the contract's success status) */
  status: 200 | 201;
  call: (ctx: RouteContext, req: Request, params: Record<string, unknown>, rid: string) => Promise<unknown>;
}

/**
 * One row: `input` parses what the request adds (its query, body or other params) before the key header is
 * read, as each handler did by hand before.
 */
function row<R extends RouteContract & { params: z.ZodType }, U extends UpstreamRoute>(
  route: R,
  upstream: U,
  input?: (req: Request, params: z.output<R['params']>) => Omit<BodyOf<U>, keyof Credential>,
  status: 200 | 201 = 200,
): SpaceRow {
  return {
    route,
    status,
    call: (ctx, req, params, rid) => {
      const extra = input?.(req, params as z.output<R['params']>) ?? {};
      const body = { ...credentialOf(req, String(params.slug)), ...extra } as BodyOf<U>;
      return ctx.upstream.call(upstream, { body, requestId: rid } as unknown as CallInput<U>);
    },
  };
}

const credentialOf = (req: Request, slug: string): Credential => {
  const raw = validate(keyHeader, req.headers[B2B_KEY_HEADER] ?? '');
  const [code, key] = raw.split('-') as [string, string];
  return { slug, code: Number(code), key };
};

/** The space's routes that carry the personal link in the `X-B2B-Key` header: one row each. */
const SPACE_ROWS: readonly SpaceRow[] = [
  row(routes.me, upstreamRoutes.b2bMe),
  row(routes.directory, upstreamRoutes.b2bDirectory, (req) => ({
    query: validate(directoryQuery, req.query),
  })),
  row(routes.suggestions, upstreamRoutes.b2bSuggestions),
  row(routes.company, upstreamRoutes.b2bCompany, (_req, p) => ({ companyId: p.companyId })),
  row(routes.companyLogo, upstreamRoutes.b2bCompanyLogo, (_req, p) => ({ companyId: p.companyId })),
  row(routes.requests, upstreamRoutes.b2bRequests),
  row(
    routes.sendRequest,
    upstreamRoutes.b2bSend,
    (req) => ({ request: validate(newRequestBody, req.body) }),
    201,
  ),
  row(routes.actOnRequest, upstreamRoutes.b2bAct, (req, p) => ({
    requestId: p.requestId,
    action: p.action,
    decline: validate(declineBody, req.body ?? {}),
  })),
  row(routes.setMustMeet, upstreamRoutes.b2bMustMeet, (req, p) => ({
    requestId: p.requestId,
    ...validate(mustMeetBody, req.body),
  })),
  row(routes.agenda, upstreamRoutes.b2bAgenda),
  row(routes.feedKey, upstreamRoutes.b2bFeedKey, () => ({ renew: false })),
  row(routes.renewFeedKey, upstreamRoutes.b2bFeedKey, () => ({ renew: true })),
  row(routes.profile, upstreamRoutes.b2bProfile),
  row(routes.saveProfile, upstreamRoutes.b2bSaveProfile, (req) => ({
    profile: validate(profileEdit, req.body),
  })),
];

/** `/public/b2b/:slug/me` → `/:slug/me` (the router is mounted at `/api/public/b2b`) */
const localPath = (route: RouteContract) => route.path.replace(/^\/public\/b2b/, '');

/**
 * `/api/public/b2b/*` (contracts/src/b2b.ts `b2bSpaceRoutes`): a company's private space. No session: the
 * personal link is the credential, sent by the page in the `X-B2B-Key` header as `{code}-{key}`. The
 * calendar feed carries a key of its own in its address (calendar applications subscribe to an address):
 * read-only, renewable on its own, and the space's key is refused there.
 * Limited like the public forms: reads as reads, writes (requests, profile, link resends) as submissions.
 */
export function b2bSpaceRoutes(ctx: RouteContext, limits: Partial<PublicLimits> = {}): Router {
  const { upstream } = ctx;
  const { max, limit } = publicLimiters(ctx, limits);
  const read = limit('read', max.read);
  const json = express.json({ limit: '16kb' });
  const write = [limit('submitAddress', max.submitAddress), json];
  const router = express.Router();

  for (const r of SPACE_ROWS) {
    const handler: RequestHandler = async (req, res) => {
      const params = validate(r.route.params, req.params) as Record<string, unknown>;
      res.status(r.status).json(await r.call(ctx, req, params, requestId(req)));
    };
    const method = r.route.method.toLowerCase() as 'get' | 'post' | 'put';
    router[method](localPath(r.route), ...(method === 'get' ? [read] : write), handler);
  }

  // `/calendar/{company}/{feed key}` (an `.ics` suffix is accepted): the agenda as a subscribable
  // calendar, opened by the feed's own read-only key (the space's key opens nothing here)
  router.get('/:slug/calendar/:company/:key', read, async (req, res) => {
    const { slug, company, key } = validate(routes.feed.params, {
      ...req.params,
      key: String(req.params.key).replace(/\.ics$/, ''),
    });
    const agenda = await upstream.call(upstreamRoutes.b2bFeedAgenda, {
      body: { slug, code: company, feedKey: key },
      requestId: requestId(req),
    });
    res.setHeader('content-type', 'text/calendar; charset=utf-8');
    res.setHeader('content-disposition', 'inline; filename="b2b-agenda.ics"');
    res.send(agendaIcs(agenda));
  });

  router.post('/:slug/link', ...write, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    const body = validate(resendLinkBody, req.body);
    // the link is mailed in the company's own language, to the address it registered with
    await upstream.call(upstreamRoutes.b2bLink, {
      body: { slug, code: body.code, linkBase: ctx.config.publicUrl },
      requestId: requestId(req),
    });
    res.status(202).json({ status: 'sent' });
  });

  router.use(() => {
    throw new HttpError(404, errorCode.routeNotFound);
  });
  return router;
}
