import type { ErrorCode } from '@evt/contracts/errors';
import type { ErrorDetails } from './http-error';
import { type Locale, normaliseLocale } from '@evt/contracts/locale';
import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };

type ErrorTexts = { [key: string]: string | ErrorTexts };
// whole files: most codes are `errors.*`, a feature's own refusals live in its section (`b2b.errors.*`)
const texts: Record<Locale, ErrorTexts> = {
  en: en as unknown as ErrorTexts,
  fr: fr as unknown as ErrorTexts,
  ja: ja as unknown as ErrorTexts,
};

/**
 * The text of an `errors.*` key; English by default (logs and API clients), or the request's language.
 * Its placeholders are filled from the details: `{{detail}}` with the failure's reason in words
 * (`calendar.reasons.*`, 'unknown' when none was given), `{{account}}` with the Google account: never a
 * raw `{{...}}` in a text.
 */
export function errorMessage(code: ErrorCode, locale: Locale = 'en', details?: ErrorDetails): string {
  const text = localText(code, locale) ?? code;
  const values: Record<string, string> = {
    detail: localText(`calendar.reasons.${details?.reason ?? 'unknown'}`, locale) ?? '',
    account: details?.googleAccount ?? '',
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, name: string) => values[name] ?? all);
}

/** A text of the locales (the language's, else English's), for what the BFF writes itself. */
export function localText(key: string, locale: Locale): string | undefined {
  const path = key.split('.');
  return lookup(texts[locale], path) ?? lookup(texts.en, path);
}

/** `errors.lifecycle.lastOwner` lives one level down: keys may nest */
function lookup(from: ErrorTexts, path: string[]): string | undefined {
  let node: string | ErrorTexts | undefined = from;
  for (const part of path) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
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
