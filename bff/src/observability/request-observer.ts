import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteContract } from '@evt/contracts/http';
import type { Logger } from 'pino';
import { requestId } from '../http/request-id';
import type { Metrics } from './metrics';
import { routeLabeller } from './route-label';

/**
 * Wraps the node:http listener: one JSON log line per answered request (method, route pattern, status,
 * duration, request id; no path, header, cookie, body or query string) and the request metrics. The
 * request id and the route label are fixed before the handler runs, so every log line about the request
 * (upstream failures included) carries the same values, and Express's rewriting of `req.url` below its
 * mount points cannot turn `/api/auth/login` into `page`.
 */
export function observeRequests(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  options: { logger: Logger; metrics: Metrics; routes: readonly RouteContract[] },
) {
  const label = routeLabeller(options.routes);
  const { logger, metrics } = options;
  return (req: IncomingMessage, res: ServerResponse): void => {
    const started = process.hrtime.bigint();
    const id = requestId(req);
    const route = label(req);
    // one listener: Node emits 'close' on every response, just after 'finish' when it was answered
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // a client that left before the answer: 499, as nginx counts it
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observeRequest(route, req.method ?? 'GET', status, seconds);
      if (route === '/healthz' || route === '/readyz' || route === '/metrics') return;
      const entry = {
        requestId: id,
        method: req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
      };
      if (status >= 500) logger.warn(entry, 'request');
      else logger.info(entry, 'request');
    });
    handler(req, res);
  };
}
