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

/**
 * The language an event's name and description are written in, chosen by the organiser: the first of
 * its languages (stored first). Its other languages get translations.
 */
export const mainLocaleOf = (languages: readonly Locale[]): Locale => languages[0] ?? DEFAULT_LOCALE;

/**
 * An event's languages as they are stored: the main one first (the first ticked when `main` is not among
 * them), then the others in the product's order.
 */
export function withMainFirst(languages: readonly Locale[], main: Locale): Locale[] {
  const first = languages.includes(main) ? main : LOCALES.find((locale) => languages.includes(locale));
  if (!first) return [];
  return [first, ...LOCALES.filter((locale) => locale !== first && languages.includes(locale))];
}

/**
 * A text written in one language with versions in others (an event's name and description, a form's
 * title). `main` is in `mainLocale` (an event's first language); `versions` holds what the
 * organiser wrote for the other languages, an empty or absent one meaning "not written".
 */
export interface MultilingualText {
  main: string;
  mainLocale: Locale;
  versions: Partial<Record<Locale, string | undefined>>;
}

/**
 * The text a page in `locale` shows, and the language it is really in: the page's own version when there
 * is one, else the main text. The caller marks a fallback (its `lang` attribute and a visible note), so a
 * visitor never reads another language without being told.
 */
export function textIn({ main, mainLocale, versions }: MultilingualText, locale: Locale) {
  const own = locale === mainLocale ? main : versions[locale]?.trim();
  return own ? { text: own, locale } : { text: main, locale: mainLocale };
}
