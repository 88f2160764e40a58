import { z } from 'zod';
import { splitLocalePrefix } from './locale';
import { msg } from './validation';

/** Spec section 2, "Access rules": the exact public paths (without locale prefix). */
export const PUBLIC_PATHS = [
  '/',
  '/auth/login',
  '/auth/forgot_password',
  '/auth/register',
  '/about',
  '/contact',
  '/events/result-page',
  '/events/result-page/success',
  '/events/result-page/error',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/privacy',
  '/terms',
  '/organizations/invite',
  // the spec's misspelt variant of the invitation page (decision: public like it, see docs/decisions/console.md)
  '/organizations/intivite',
] as const;

const PUBLIC_PREFIXES = ['/public/', '/api/public/'] as const;

const seg = '[^/]+';
const EVENT_FORM_SLUGS = [
  'participant',
  'participant_osaka',
  'participant_fipdc',
  'participant_sipen',
  'participant_5km',
  'membre_delegation',
  'receptionist',
  'exposant',
  'agent_presse',
];

/**
 * Spec section 2, "Public patterns". `{x}` segments never contain a slash. In `/events/{id}` the id is
 * numeric (ids are integers here): read literally the pattern would also make the organiser pages
 * `/events/dashboard-{id}`, `/events/add-{id}`... public.
 */
export const PUBLIC_PATTERNS: readonly RegExp[] = [
  /^\/events\/\d+$/,
  // the event's public programme, beside its public page
  /^\/events\/\d+\/programme$/,
  new RegExp(`^/events/participant-${seg}$`),
  new RegExp(`^/events/${seg}/forms-${seg}/participant$`),
  new RegExp(`^/events/${seg}/forms-${seg}/b2b$`),
  new RegExp(`^/events-${seg}/(${EVENT_FORM_SLUGS.join('|')})$`),
  new RegExp(`^/events-${seg}/submitted/(particapant|b2b)$`),
  new RegExp(`^/events-${seg}/b2b[-_][^/]+$`),
  new RegExp(`^/activities-${seg}$`),
  new RegExp(`^/activities-${seg}/forms-${seg}/b2b$`),
  new RegExp(`^/requests/${seg}$`),
  new RegExp(`^/organizations/intivite/${seg}$`),
];

/**
 * Pages whose address is a personal credential: a B2B company's space link, an information request's
 * answer page, an invitation, an unsubscribe link; and any page given a `code`, `token` or `key` in its
 * query (reset, e-mail verification, registration confirmation). Their answers are never stored by a
 * cache (`Cache-Control: no-store`): a shared cache would keep the credential with the page.
 */
const TOKEN_PAGE_PATTERNS: readonly RegExp[] = [
  new RegExp(`^/events-${seg}/b2b[-_][^/]+$`),
  new RegExp(`^/requests/${seg}$`),
  new RegExp(`^/organizations/intivite/${seg}$`),
  new RegExp(`^/unsubscribe/${seg}$`),
];
const TOKEN_QUERY_KEYS = ['code', 'token', 'key'] as const;

export function carriesPersonalToken(pathname: string, search = ''): boolean {
  const { rest } = splitLocalePrefix(pathname);
  if (TOKEN_PAGE_PATTERNS.some((pattern) => pattern.test(rest))) return true;
  const query = new URLSearchParams(search);
  return TOKEN_QUERY_KEYS.some((name) => query.has(name));
}

/**
 * Paths the spec lists as forms or submitted pages of the public layouts but leaves out of its public
 * list (`/events-{id}/sponsor`, `/submitted/receptionist`...). A visitor has no account, so a visitor
 * form behind a login would be unusable: they are public too (decision recorded in README).
 */
const VISITOR_FORM_SLUGS = [
  'b2b',
  'sponsor',
  'panelist',
  'delegation',
  'agence_voyage',
  'participant-fipdc',
  'submitted/participant',
  'submitted/receptionist',
];
const VISITOR_PATTERN = new RegExp(`^/events-${seg}/(${VISITOR_FORM_SLUGS.join('|')})$`);

/** Whether a browser path (with or without locale prefix) is reachable without signing in. */
export function isPublicPath(pathname: string): boolean {
  const { rest } = splitLocalePrefix(pathname);
  const path = rest.length > 1 ? rest.replace(/\/+$/, '') : rest;
  if ((PUBLIC_PATHS as readonly string[]).includes(path)) return true;
  if (PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return true;
  if (PUBLIC_PATTERNS.some((pattern) => pattern.test(path))) return true;
  return VISITOR_PATTERN.test(path);
}

/** Guest-only pages (spec: the guest middleware): a signed-in user who opens them goes to /home. */
export const GUEST_ONLY_PATHS = ['/', '/auth/login', '/auth/register'] as const;

export function isGuestOnlyPath(pathname: string): boolean {
  const { rest } = splitLocalePrefix(pathname);
  return (GUEST_ONLY_PATHS as readonly string[]).includes(rest);
}

/**
 * The one decision on every return path and local redirect of the product (sign-in's `?redirect=`, the
 * Google connection's `returnTo`, the route rules, the BFF's own redirects): only a local absolute path,
 * normalised by a URL parser first (dot segments, `%2e`, duplicate slashes) and checked after: `/.//host`
 * resolves to `//host` (protocol-relative: another origin), which a check of the raw text lets through.
 * Refuses schemes, backslashes and control characters (browsers read `/\host` as `//host`). Answers the
 * normalised path, or `fallback`.
 */
export function safeReturnPath(value: string | null | undefined, fallback = '/home'): string {
  if (!value || typeof value !== 'string' || value.length > 2048 || !value.startsWith('/')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = 'http://local.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith('//') ? fallback : path;
  } catch {
    return fallback;
  }
}

/** A return path in a query or body: whatever is not a safe local path is refused, the rest normalised. */
export const returnPathSchema = z
  .string()
  .max(2048)
  .transform((value) => safeReturnPath(value, ''))
  .refine((path) => path !== '', { error: msg.invalidInput });
