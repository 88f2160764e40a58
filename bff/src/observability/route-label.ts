import type { IncomingMessage } from 'node:http';
import { automationOperations } from '@evt/contracts/automation';
import type { RouteContract } from '@evt/contracts/http';
import { compileRoutes, type RouteMatch } from '../proxy/route-matcher';

const OWN_ROUTES = new Set(['/healthz', '/readyz', '/metrics']);
const AUTOMATION = '/api/automation/';
const LABEL = Symbol('routeLabel');
const MATCH = Symbol('routeMatch');
type Labelled = IncomingMessage & { [LABEL]?: string; [MATCH]?: RouteMatch };

/**
 * The route label of a request: the contract's pattern (`/api/invitations/:code`; the contract is the
 * table the BFF mounts its handlers and proxies from, so it cannot drift from them), the automation
 * operation's name, or a fixed bucket (`page`, `/api/unknown`, `/assets`, `/_dev`). Never a path
 * parameter or query value, so no secret reaches a log line or a metric and the metrics keep a bounded
 * number of series. Memoised on the request at its first call, which must come before Express runs:
 * Express rewrites `req.url` below its mount points (`/api/auth/login` becomes `/auth/login`).
 */
export function routeLabeller(routes: readonly RouteContract[]) {
  const match = compileRoutes(routes);
  const labelOf = (self: Labelled, method: string, url: string): string => {
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (OWN_ROUTES.has(path)) return path;
    if (path.startsWith(AUTOMATION)) {
      const name = path.slice(AUTOMATION.length);
      return Object.hasOwn(automationOperations, name) ? path : `${AUTOMATION}:name`;
    }
    if (path.startsWith('/api/')) {
      const found = match(method, path.slice(4));
      if (found === null || found === 'bad-encoding') return '/api/unknown';
      self[MATCH] = found;
      return `/api${found.route.path}`;
    }
    if (path.startsWith('/_dev/')) return '/_dev';
    if (path.startsWith('/assets/')) return '/assets';
    return 'page';
  };
  return (req: IncomingMessage): string => {
    const self = req as Labelled;
    self[LABEL] ??= labelOf(self, req.method ?? 'GET', req.url ?? '/');
    return self[LABEL];
  };
}

/** The label the request observer gave this request, for the log lines written while answering it. */
export function routeLabelOf(req: IncomingMessage): string {
  return (req as Labelled)[LABEL] ?? 'unlabelled';
}

/**
 * The contract route (and its raw params) the labeller found for this request, so the proxy fast path need
 * not match the same path a second time; undefined when it found none or never ran.
 */
export function routeMatchOf(req: IncomingMessage): RouteMatch | undefined {
  return (req as Labelled)[MATCH];
}
