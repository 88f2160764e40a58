import { safeReturnPath } from '@evt/contracts/access';
import { BUILD_MANIFEST_PATH } from '@evt/contracts/build';
import { errorCode } from '@evt/contracts/errors';
import { type Locale, localisePath, splitLocalePrefix } from '@evt/contracts/locale';
import {
  isSafeAbsoluteTarget,
  type MatchedRule,
  matchRouteRule,
  type RouteRules,
} from '@evt/contracts/route-rules';
import type { Request, RequestHandler, Response } from 'express';
import { redirectLocal } from '../http/local-redirect';
import { errorMessage } from '../http/messages';
import { sessionUsable } from '../session/session-data';
import type { Sessions } from '../session/sessions';

/** Not pages: the API, the development outbox, hashed assets, the build manifest, health and metrics. */
const NOT_PAGES = /^\/(api|_dev|assets|health|healthz|readyz|metrics)(\/|$)/;

const searchOf = (req: Request) => {
  const at = req.originalUrl.indexOf('?');
  return at === -1 ? '' : req.originalUrl.slice(at);
};

/**
 * Where a redirect rule sends this request: an absolute target (checked here: a `/**` tail must not
 * change its origin; null when it would), or a local path, which `redirectLocal` checks like every other
 * local redirect. A relative target stays in the application: in the request's language, with its query.
 * An absolute one leaves it, without the query (a page's query may carry a code that must not reach
 * another site).
 */
function redirectTarget(
  found: MatchedRule,
  to: string,
  search: string,
): { absolute: boolean; to: string } | null {
  const wildcard = to.endsWith('/**');
  const base = wildcard ? to.slice(0, -3) : to;
  const joined = wildcard ? `${base}${found.tail}` : to;
  if (!to.startsWith('/')) {
    if (!isSafeAbsoluteTarget(joined) || new URL(joined).origin !== new URL(`${base}/`).origin) return null;
    return { absolute: true, to: joined };
  }
  let local = joined || '/';
  if (found.locale !== 'fr' && !splitLocalePrefix(local).locale) local = localisePath(found.locale, local);
  if (!local.includes('?')) local += search;
  return { absolute: false, to: local };
}

function gonePage(res: Response, locale: Locale, head: boolean) {
  const text = errorMessage(errorCode.notFound, locale);
  res
    .status(410)
    .set('cache-control', 'no-cache')
    .type('html')
    .send(
      head
        ? undefined
        : `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>410</title></head><body><h1>${text}</h1></body></html>`,
    );
}

/**
 * The operator's route rules (spec section 7), before the SPA: redirects, pages gone, a page held to one
 * language, and the auth/guest middleware overridden per path. Only page requests (GET, HEAD) are looked
 * up; a path without a rule goes on untouched, so a BFF without ROUTE_RULES_FILE behaves as before.
 */
export function routeRules(rules: RouteRules, sessions: Sessions): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (NOT_PAGES.test(req.path) || req.path === BUILD_MANIFEST_PATH) return next();
    const found = matchRouteRule(rules, req.path);
    if (!found) return next();
    const { rule } = found;
    const search = searchOf(req);

    if (rule.redirect) {
      const target = redirectTarget(found, rule.redirect.to, search);
      if (!target) return next();
      res.set('cache-control', 'no-cache');
      if (target.absolute) return res.redirect(rule.redirect.status, target.to);
      if (!redirectLocal(res, rule.redirect.status, target.to)) next();
      return;
    }
    if (rule.gone) return gonePage(res, found.locale, req.method === 'HEAD');
    if (rule.locale && rule.locale !== found.locale) {
      // `/en//host` has the rest `//host`: the one check refuses it, and the page is served as it is
      if (!redirectLocal(res, 302, `${localisePath(rule.locale, found.rest)}${search}`)) next();
      return;
    }
    if (!rule.middleware) return next();
    const middleware = rule.middleware;
    sessions.middleware(req, res, (error?: unknown) => {
      // a store that cannot be read counts as signed out: the SPA's own check still runs after
      const session = req.session;
      const signedIn = !error && session?.auth !== undefined && sessionUsable(session, sessions.timeouts);
      if (middleware === 'auth' && !signedIn) {
        const back = safeReturnPath(req.originalUrl, '/');
        const login = localisePath(found.locale, '/auth/login');
        redirectLocal(res, 302, `${login}?redirect=${encodeURIComponent(back)}`);
        return;
      }
      if (middleware === 'guest' && signedIn) {
        redirectLocal(res, 302, localisePath(found.locale, '/home'));
        return;
      }
      next();
    });
  };
}
