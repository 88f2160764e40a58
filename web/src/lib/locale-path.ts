import { type Locale, localisePath, splitLocalePrefix } from '@evt/contracts/locale';
import { useCallback } from 'react';
import { useLocation } from 'react-router';

/** The locale of the page being shown (from its URL prefix). */
export function useLocale(): Locale {
  const { pathname } = useLocation();
  return splitLocalePrefix(pathname).locale ?? 'fr';
}

/** `lp('/home')` gives `/en/home` on an English page. */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return useCallback((path: string) => localisePath(locale, path), [locale]);
}

/** The same page (path, query and hash) under another locale's prefix. */
export function switchLocalePath(
  location: { pathname: string; search: string; hash: string },
  locale: Locale,
): string {
  const { rest } = splitLocalePrefix(location.pathname);
  return `${localisePath(locale, rest)}${location.search}${location.hash}`;
}
