import { z } from 'zod';
import { safeReturnPath } from './access';
import { type Locale, normaliseLocale, splitLocalePrefix } from './locale';

/**
 * Spec section 7: "a route-rules lookup by path reads redirects and middleware overrides; an absolute
 * redirect leaves the application". The operator's table, read by the BFF before the SPA: a JSON file
 * (ROUTE_RULES_FILE) checked by `routeRulesFile` at boot. Keys are page paths; a key without locale prefix
 * also matches under /en and /jp, a key with one matches that locale only; a key ending in `/**` matches
 * the path and everything below it. The exact key wins over `/**` keys, the longest `/**` key over
 * shorter ones, the prefixed key over the unprefixed one.
 */

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
/** temporary and method-preserving, as in the routeRules this lookup comes from: a 301 is cached for good */
export const DEFAULT_REDIRECT_STATUS = 307;

const MAX_LENGTH = 2048;

/** A rule's key: a local path, `/**` only at its end. */
const rulePath = z
  .string()
  .max(MAX_LENGTH)
  .refine(
    (key) =>
      /^\/[A-Za-z0-9\-._~%!$&'()+,;=:@/]*$/.test(key.replace(/\/\*\*$/, '/')) &&
      !key.includes('//') &&
      safeReturnPath(key.replace(/\/\*\*$/, '/'), '') !== '',
    { error: 'must be a path such as /old-page or /archive/** (no query, no * before the end)' },
  );

/** An absolute redirect target: http(s) only, a host, no credentials in it. */
export function isSafeAbsoluteTarget(value: string): boolean {
  if (!/^https?:\/\/[^/\\]/i.test(value) || !URL.canParse(value)) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return false;
  const url = new URL(value);
  return url.username === '' && url.password === '';
}

/**
 * A relative target is a local path (normalised by a URL parser first: `/.//evil` is `//evil`, another
 * origin); an absolute one is http(s). `javascript:`, `data:`, `//host` and `\\host` are refused.
 */
export function isSafeRedirectTarget(value: string): boolean {
  if (value.length > MAX_LENGTH) return false;
  if (value.startsWith('/')) return safeReturnPath(value.replace(/\/\*\*$/, '/'), '') !== '';
  return isSafeAbsoluteTarget(value);
}

const target = z.string().refine(isSafeRedirectTarget, {
  error: 'must be a local path (/page) or an http(s):// address; javascript:, data: and //host are refused',
});

/** `"redirect": "/new"` is short for `"redirect": { "to": "/new" }` (status 307) */
const redirect = z.preprocess(
  (value) => (typeof value === 'string' ? { to: value } : value),
  z.strictObject({
    to: target,
    status: z
      .union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)], {
        error: 'must be 301, 302, 307 or 308',
      })
      .default(DEFAULT_REDIRECT_STATUS)
      .transform((status) => status as RedirectStatus),
  }),
);

const rule = z
  .strictObject({
    redirect: redirect.optional(),
    /** 410 Gone: the page existed and is withdrawn (not a 404: search engines drop it) */
    gone: z.literal(true, { error: 'must be true' }).optional(),
    /**
     * The spec's route middlewares, overridden per path: `auth` sends a visitor without a session to the
     * sign-in page (back here after it), `guest` sends a signed-in user to /home.
     */
    middleware: z.enum(['auth', 'guest'], { error: 'must be auth or guest' }).optional(),
    /** the page in one language only: other locale variants redirect to it (`fr`, `en`, `jp`) */
    locale: z
      .enum(['fr', 'en', 'jp', 'ja'], { error: 'must be fr, en or jp' })
      .transform((code) => normaliseLocale(code) as Locale)
      .optional(),
  })
  .refine((r) => Object.values(r).some((v) => v !== undefined), { error: 'a rule needs at least one field' })
  .refine((r) => !(r.redirect && r.gone), { error: 'redirect and gone exclude each other' });

/** `"/old": "/new"` is short for `"/old": { "redirect": "/new" }` */
const ruleOrTarget = z.preprocess((value) => (typeof value === 'string' ? { redirect: value } : value), rule);

export const routeRulesFile = z.strictObject({
  rules: z.record(rulePath, ruleOrTarget),
});

export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export type RouteRule = z.output<typeof rule>;
export type RouteRules = z.output<typeof routeRulesFile>['rules'];

export interface MatchedRule {
  rule: RouteRule;
  /** the key that matched */
  key: string;
  /** the part of the path below a `/**` key ('' for an exact key) */
  tail: string;
  /** the request's locale prefix ('fr' when none) */
  locale: Locale;
  /** the path without its locale prefix */
  rest: string;
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** The rule for a request path (already percent-decoded or not: keys are compared as written). */
export function matchRouteRule(rules: RouteRules, pathname: string): MatchedRule | null {
  const full = trimSlash(pathname || '/');
  const split = splitLocalePrefix(full);
  const rest = trimSlash(split.rest);
  const locale = split.locale ?? 'fr';
  const candidates = split.locale ? [full, rest] : [full];
  for (const path of candidates) {
    const exact = rules[path];
    if (exact) return { rule: exact, key: path, tail: '', locale, rest };
  }
  // `/**` keys: a prefixed key looks at the whole path (its locale only), an unprefixed one at the path
  // without prefix; the longest base wins, the prefixed key on a tie
  let best: { key: string; tail: string; score: number } | undefined;
  for (const key of Object.keys(rules)) {
    if (!key.endsWith('/**')) continue;
    const base = key.slice(0, -3);
    const keyLocale = splitLocalePrefix(base || '/').locale;
    if (keyLocale && keyLocale !== split.locale) continue;
    const path = keyLocale ? full : rest;
    if (base !== '' && path !== base && !path.startsWith(`${base}/`)) continue;
    const score = (keyLocale ? splitLocalePrefix(base).rest.length : base.length) * 2 + (keyLocale ? 1 : 0);
    if (!best || score > best.score) best = { key, tail: path.slice(base.length), score };
  }
  if (best) return { rule: rules[best.key]!, key: best.key, tail: best.tail, locale, rest };
  return null;
}
