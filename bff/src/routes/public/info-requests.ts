import {
  INFO_REQUEST_FILE,
  infoRequestUpstreamRoutes as calls,
  infoRequestRoutes,
  REQUEST_TOKEN_HEADER,
  requestToken,
  requestUploadFields,
} from '@evt/contracts/info-requests';
import express, { type Request, type Router } from 'express';
import { requestId } from '../../http/request-id';
import type { RouteAdapter } from '../../http/route-adapter';
import { validate } from '../../http/validate';
import type { RouteContext } from '../context';
import { type PublicLimits, publicLimiters } from './public-routes';
import { streamedUploadHandler } from './uploads';

/**
 * The personal link's token, from the page's header (an API path would put it in the logs; a header has
 * no schema in the route's contract).
 */
const tokenOf = (req: Request) => validate(requestToken, req.headers[REQUEST_TOKEN_HEADER] ?? '');

/**
 * `/api/public/requests/*` (contracts/src/info-requests.ts): a person answers an information request. No
 * session: the link's token is the credential. Limited like the public forms: the read as a read, documents
 * as uploads, the answer as a submission; documents streamed, sniffed and counted like the forms' uploads.
 */
export function infoRequestPublicRoutes(
  ctx: RouteContext,
  adapter: RouteAdapter,
  limits: Partial<PublicLimits> = {},
): Router {
  const { upstream } = ctx;
  const { max, limit } = publicLimiters(ctx, limits);
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  });

  adapter.mount(
    router,
    infoRequestRoutes,
    {
      publicView: async ({ req }) => ({
        status: 200,
        body: await upstream.call(calls.infoRequestView, {
          body: { token: tokenOf(req) },
          requestId: requestId(req),
        }),
      }),
      publicUpload: streamedUploadHandler(upstream, {
        route: calls.infoRequestUpload,
        maxBytes: INFO_REQUEST_FILE.maxBytes,
        fieldsOf: (req) => ({ ...validate(requestUploadFields, req.body), token: tokenOf(req) }),
        limitsOf: () => INFO_REQUEST_FILE,
        partsOf: (fields) => ({ token: fields.token, item: fields.item }),
      }),
      publicAnswer: async ({ body: { answers }, req }) => ({
        status: 200,
        body: await upstream.call(calls.infoRequestAnswer, {
          body: { token: tokenOf(req), answers },
          requestId: requestId(req),
        }),
      }),
    },
    {
      base: '/public/requests',
      before: {
        publicView: [limit('read', max.read)],
        publicUpload: [limit('upload', max.upload)],
        publicAnswer: [limit('submitAddress', max.submitAddress), express.json({ limit: '64kb' })],
      },
    },
  );
  return router;
}
