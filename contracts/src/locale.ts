/**
 * Locales of the product. The URL prefix is the spec's (`/jp` for Japanese); the language tag and the
 * locales/ file use the standard code (`ja`).
 */
export const LOCALES = ['fr', 'en', 'ja'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';

/** URL prefix per locale; French has none. */
export const LOCALE_PREFIX: Record<Locale, string> = { fr: '', en: '/en', ja: '/jp' };
/** The spec's locale codes (cookie values): en, fr, jp. */
export const LOCALE_CODE: Record<Locale, 'fr' | 'en' | 'jp'> = { fr: 'fr', en: 'en', ja: 'jp' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `jp` (spec) and `ja` (standard) both mean Japanese; region subtags are ignored. */
export function normaliseLocale(value: string | null | undefined): Locale | undefined {
  if (!value) return undefined;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'jp') return 'ja';
  return isLocale(base) ? base : undefined;
}

/** Splits `/en/events` into `{ locale: 'en', rest: '/events' }`; a path without prefix is French. */
export function splitLocalePrefix(pathname: string): { locale: Locale | undefined; rest: string } {
  const match = /^\/(en|jp)(?=\/|$)/.exec(pathname);
  if (!match) return { locale: undefined, rest: pathname || '/' };
  return { locale: match[1] === 'jp' ? 'ja' : 'en', rest: pathname.slice(match[0].length) || '/' };
}

export function localisePath(locale: Locale, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return clean;
  return clean === '/' ? prefix : `${prefix}${clean}`;
}

/**
 * Spec section 4: the URL prefix, then the cookie, then the browser languages, then French.
 * Every unprefixed page other than `/` is the French variant (so a shared French link stays French);
 * only a visit to `/` is redirected to the resolved language, as the replaced app's i18n module did.
 */
export function resolveLocale(input: {
  pathname: string;
  cookie?: string | null;
  browserLanguages?: readonly string[];
}): Locale {
  const fromPath = splitLocalePrefix(input.pathname).locale;
  if (fromPath) return fromPath;
  const fromCookie = normaliseLocale(input.cookie);
  if (fromCookie) return fromCookie;
  for (const language of input.browserLanguages ?? []) {
    const found = normaliseLocale(language);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
