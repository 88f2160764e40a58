import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RouteContract } from '@evt/contracts/http';
import { registrationRoutes } from '@evt/contracts/registrations';
import type { Logger } from 'pino';
import { requestId } from '../http/request-id';
import { compileRoutes } from '../proxy/route-matcher';
import type { Metrics } from './metrics';

const OWN_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
/** path parameters that are credentials (an invitation code...): never written to a log */
const SECRET_PARAM = /code|token|secret|key|password/i;

export interface RouteLabel {
  /** the contract's pattern (`/api/organizations/:id`), or a coarse bucket (`page`, `/api/unknown`...) */
  route: string;
  /** what the log may show of the path: a known route's, credentials left as `:name`; else nothing */
  path?: string;
}

/**
 * The route label of a request, never the raw path, so the metrics keep a bounded number of series and no
 * secret reaches them or the logs: page paths (`/invitation/<code>`...) and unknown API paths are not
 * logged at all, known API paths with their credential parameters masked.
 */
export function routeLabeller(routes: readonly RouteContract[]) {
  // the public registration routes are BFF routes outside the SPA's table
  const match = compileRoutes([...routes, ...(Object.values(registrationRoutes) as RouteContract[])]);
  return (req: IncomingMessage): RouteLabel => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (OWN_ROUTES.has(path)) return { route: path, path };
    if (path.startsWith('/api/automation/')) {
      const name = path.slice('/api/automation/'.length);
      return { route: '/api/automation/:name', path: /^[A-Za-z]{1,64}$/.test(name) ? path : undefined };
    }
    if (path.startsWith('/api/')) {
      const found = match(req.method ?? 'GET', path.slice(4));
      if (found === null || found === 'bad-encoding') return { route: '/api/unknown' };
      const safe = found.route.path.replace(/:([A-Za-z_]\w*)/g, (whole, name: string) =>
        SECRET_PARAM.test(name) ? whole : encodeURIComponent(found.params[name] ?? ''),
      );
      return { route: `/api${found.route.path}`, path: `/api${safe}` };
    }
    if (path.startsWith('/_dev/')) return { route: '/_dev' };
    if (path.startsWith('/assets/')) return { route: '/assets', path: path.slice(0, 200) };
    return { route: 'page' };
  };
}

/**
 * Wraps the node:http listener: one JSON log line per answered request (method, route, the path as
 * `routeLabeller` allows, status, duration, request id; no header, cookie, body or query string) and
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
      const { route, path } = label(req);
      // a client that left before the answer: 499, as nginx counts it
      const status = res.writableFinished ? res.statusCode : 499;
      metrics.observeRequest(route, req.method ?? 'GET', status, seconds);
      if (route === '/healthz' || route === '/readyz' || route === '/metrics') return;
      const entry = {
        requestId: id,
        method: req.method,
        route,
        path,
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
