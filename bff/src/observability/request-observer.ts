import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteContract } from '@evt/contracts/http';
import { registrationRoutes } from '@evt/contracts/registrations';
import type { Logger } from 'pino';
import { requestId } from '../http/request-id';
import { compileRoutes } from '../proxy/route-matcher';
import type { Metrics } from './metrics';

const OWN_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * The route label of a request: the contract's pattern (`/api/organizations/:id`), never the raw path, so
 * the metrics keep a bounded number of series and no identifier or secret reaches them.
 */
export function routeLabeller(routes: readonly RouteContract[]) {
  // the public registration routes are BFF routes outside the SPA's table
  const match = compileRoutes([...routes, ...(Object.values(registrationRoutes) as RouteContract[])]);
  return (req: IncomingMessage): string => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (OWN_ROUTES.has(path)) return path;
    if (path.startsWith('/api/automation/')) return '/api/automation/:name';
    if (path.startsWith('/api/')) {
      const found = match(req.method ?? 'GET', path.slice(4));
      return found && found !== 'bad-encoding' ? `/api${found.route.path}` : '/api/unknown';
    }
    if (path.startsWith('/_dev/')) return '/_dev';
    if (path.startsWith('/assets/')) return '/assets';
    return 'page';
  };
}

/**
 * Wraps the node:http listener: one JSON log line per answered request (method, route, path without its
 * query, status, duration, request id; no header, cookie, body or query string, where secrets live) and
 * the request metrics. The request id is fixed before the handler runs, so every log line, the answer's
 * X-Request-Id and the upstream's X-Request-Id carry the same value.
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
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = label(req);
      // a client that left before the answer: 499, as nginx counts it
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observeRequest(route, req.method ?? 'GET', status, seconds);
      if (route === '/healthz' || route === '/readyz' || route === '/metrics') return;
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const entry = {
        requestId: id,
        method: req.method,
        route,
        path: (q < 0 ? url : url.slice(0, q)).slice(0, 200),
        status,
        ms: Math.round(seconds * 10_000) / 10,
      };
      if (status >= 500) logger.warn(entry, 'request');
      else logger.info(entry, 'request');
    };
    res.once('finish', finish);
    res.once('close', finish);
    handler(req, res);
  };
}
