import type { Router } from 'express';
import express from 'express';
import type { Logger } from 'pino';
import { HttpError } from '../../http/http-error';
import { errorCode } from '@evt/contracts/errors';

/**
 * /_dev/outbox: the embedded upstream's mail outbox, for developers (mounted only when the BFF runs the
 * embedded upstream; never with a remote one). Its page links to `/outbox/...`, rewritten to here.
 */
export function outboxRoutes(outboxUrl: string, logger: Logger): Router {
  const router = express.Router();
  const base = outboxUrl.replace(/\/+$/, '');
  router.get(['/', '/messages', '/messages/:id'], async (req, res) => {
    const sub = req.path === '/' ? '' : req.path;
    if (!/^(\/messages(\/\d{1,10})?)?$/.test(sub)) throw new HttpError(404, errorCode.routeNotFound);
    let answer: Response;
    try {
      answer = await fetch(base + sub, { signal: AbortSignal.timeout(5000) });
    } catch (error) {
      logger.error({ err: error }, 'outbox unreachable');
      throw new HttpError(502, errorCode.connection);
    }
    const type = answer.headers.get('content-type') ?? 'application/json';
    let text = await answer.text();
    res.status(answer.status).set('cache-control', 'no-store').type(type);
    if (type.includes('text/html')) {
      text = text.replaceAll('href="/outbox/', 'href="/_dev/outbox/');
      // the outbox page has an inline style sheet and nothing else
      res.set(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
    }
    res.send(text);
  });
  return router;
}
