import {
  B2B_KEY_HEADER,
  b2bSpaceRoutes as routes,
  companyParams,
  declineBody,
  directoryQuery,
  keyHeader,
  newRequestBody,
  requestParams,
  resendLinkBody,
  slugParam,
} from '@evt/contracts/b2b';
import { agendaIcs } from '@evt/contracts/b2b-ics';
import { errorCode } from '@evt/contracts/errors';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import express, { type Request, type Router } from 'express';
import { HttpError } from '../../http/http-error';
import { requestId } from '../../http/request-id';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { type PublicLimits, publicLimiters } from './public-routes';

/**
 * `/api/public/b2b/*` (contracts/src/b2b.ts `b2bSpaceRoutes`): a company's private space. No session: the
 * personal link is the credential, sent by the page in the `X-B2B-Key` header as `{code}-{key}` (the
 * calendar feed alone carries it in its address, as calendar applications subscribe to an address).
 * Limited like the public forms: reads as reads, writes (requests, link resends) as submissions.
 */
export function b2bSpaceRoutes(ctx: RouteContext, limits: Partial<PublicLimits> = {}): Router {
  const { upstream } = ctx;
  const { max, limit } = publicLimiters(ctx, limits);
  const read = limit('read', max.read);
  const json = express.json({ limit: '16kb' });
  const write = [limit('submitAddress', max.submitAddress), json];
  const router = express.Router();

  const credentialOf = (req: Request, slug: string) => {
    const raw = validate(keyHeader, req.headers[B2B_KEY_HEADER] ?? '');
    const [code, key] = raw.split('-') as [string, string];
    return { slug, code: Number(code), key };
  };

  router.get('/:slug/me', read, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    res.json(
      await upstream.call(upstreamRoutes.b2bMe, { body: credentialOf(req, slug), requestId: requestId(req) }),
    );
  });

  router.get('/:slug/companies', read, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    const query = validate(directoryQuery, req.query);
    res.json(
      await upstream.call(upstreamRoutes.b2bDirectory, {
        body: { ...credentialOf(req, slug), query },
        requestId: requestId(req),
      }),
    );
  });

  router.get('/:slug/suggestions', read, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    res.json(
      await upstream.call(upstreamRoutes.b2bSuggestions, {
        body: credentialOf(req, slug),
        requestId: requestId(req),
      }),
    );
  });

  router.get('/:slug/companies/:companyId', read, async (req, res) => {
    const { slug, companyId } = validate(companyParams, req.params);
    res.json(
      await upstream.call(upstreamRoutes.b2bCompany, {
        body: { ...credentialOf(req, slug), companyId },
        requestId: requestId(req),
      }),
    );
  });

  router.get('/:slug/requests', read, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    res.json(
      await upstream.call(upstreamRoutes.b2bRequests, {
        body: credentialOf(req, slug),
        requestId: requestId(req),
      }),
    );
  });

  router.post('/:slug/requests', ...write, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    const request = validate(newRequestBody, req.body);
    res.status(201).json(
      await upstream.call(upstreamRoutes.b2bSend, {
        body: { ...credentialOf(req, slug), request },
        requestId: requestId(req),
      }),
    );
  });

  router.post('/:slug/requests/:requestId/:action', ...write, async (req, res) => {
    const { slug, requestId: id, action } = validate(requestParams, req.params);
    const decline = validate(declineBody, req.body ?? {});
    res.json(
      await upstream.call(upstreamRoutes.b2bAct, {
        body: { ...credentialOf(req, slug), requestId: id, action, decline },
        requestId: requestId(req),
      }),
    );
  });

  router.get('/:slug/agenda', read, async (req, res) => {
    const { slug } = validate(slugParam, req.params);
    res.json(
      await upstream.call(upstreamRoutes.b2bAgenda, {
        body: credentialOf(req, slug),
        requestId: requestId(req),
      }),
    );
  });

  // `/calendar/{company}/{key}` (an `.ics` suffix is accepted): the agenda as a subscribable calendar
  router.get('/:slug/calendar/:company/:key', read, async (req, res) => {
    const { slug, company, key } = validate(routes.feed.params, {
      ...req.params,
      key: String(req.params.key).replace(/\.ics$/, ''),
    });
    const agenda = await upstream.call(upstreamRoutes.b2bAgenda, {
      body: { slug, code: company, key },
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
