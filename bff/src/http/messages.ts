import type { ErrorCode } from '@evt/contracts/errors';
import { type Locale, normaliseLocale } from '@evt/contracts/locale';
import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };

type ErrorTexts = Record<string, string>;
const texts: Record<Locale, ErrorTexts> = {
  en: en.errors as ErrorTexts,
  fr: fr.errors as ErrorTexts,
  ja: ja.errors as ErrorTexts,
};

/** The text of an `errors.*` key; English by default (logs and API clients), or the request's language. */
export function errorMessage(code: ErrorCode, locale: Locale = 'en'): string {
  const key = code.slice('errors.'.length);
  return texts[locale][key] ?? texts.en[key] ?? code;
}

/**
 * The request's language for error texts: the `locale` cookie (the SPA's choice), else the first
 * supported Accept-Language entry, else English.
 */
export function requestLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  if (cookieHeader?.includes('locale=')) {
    const match = /(?:^|;\s*)locale=([^;]*)/.exec(cookieHeader);
    const fromCookie = normaliseLocale(match?.[1]);
    if (fromCookie) return fromCookie;
  }
  if (acceptLanguage) {
    for (const part of acceptLanguage.split(',')) {
      const found = normaliseLocale(part.split(';')[0]);
      if (found) return found;
    }
  }
  return 'en';
}
