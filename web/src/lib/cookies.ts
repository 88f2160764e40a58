import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_DAYS } from '@evt/contracts/constants';
import { LOCALE_CODE, type Locale } from '@evt/contracts/locale';

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** The spec's locale cookie: `fr`, `en` or `jp`, kept 365 days. */
export function writeLocaleCookie(locale: Locale): void {
  const maxAge = LOCALE_COOKIE_MAX_AGE_DAYS * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not everywhere
  document.cookie = `${LOCALE_COOKIE}=${LOCALE_CODE[locale]}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}
