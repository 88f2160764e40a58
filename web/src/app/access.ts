import { isGuestOnlyPath, isPublicPath, safeReturnPath } from '@evt/contracts/access';
import type { SessionState } from '@evt/contracts/auth';
import { usesCamera } from '@evt/contracts/camera-pages';
import { LOCALE_COOKIE } from '@evt/contracts/constants';
import { type Locale, localisePath, resolveLocale } from '@evt/contracts/locale';
import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, redirect, redirectDocument } from 'react-router';
import { sessionKeys } from '../lib/session/keys';
import { meQueryOptions } from '../lib/session/me';
import { readCookie } from '../lib/cookies';
import { activateLocale } from '../lib/i18n/i18n';

/**
 * The login page of a locale, remembering where the visitor wanted to go: normalised and checked here
 * too, so that no address ever carries a return path that leaves the site (the login page checks again).
 */
export function loginPath(locale: Locale, returnTo: string): string {
  const safe = safeReturnPath(returnTo, localisePath(locale, '/home'));
  return `${localisePath(locale, '/auth/login')}?redirect=${encodeURIComponent(safe)}`;
}

/** Forgets everything cached for the session (spec: an unauthenticated visit logs the user out). */
export function clearSession(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(sessionKeys.me(), null);
}

async function currentSession(queryClient: QueryClient, path: string): Promise<SessionState | null> {
  try {
    return await queryClient.ensureQueryData(meQueryOptions());
  } catch (error) {
    // Unknown session (BFF unreachable): public pages still work; protected ones show the error page.
    if (isPublicPath(path)) return null;
    throw error;
  }
}

/**
 * What a router knows of its document: the path it was loaded for (the router's first navigation), whose
 * Permissions-Policy the BFF chose. Kept by the router's routes, as a router lives as long as its document
 * (a module-level value would outlive the router: a second router in the same page, as tests make, would
 * take the first one's document for its own).
 */
export type DocumentLoad = { path?: string };

/**
 * Runs before every navigation in a locale branch: loads the language, sends `/` to the visitor's
 * language, and applies the spec's access rules (section 2) with the contracts' path lists.
 */
export function accessLoader(locale: Locale, queryClient: QueryClient, documentLoad: DocumentLoad) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const path = url.pathname;
    // the camera is allowed by the document's header on the pages that scan only (camera-pages.ts): a
    // navigation across that line loads a new document, so the BFF answers with the policy of the page
    documentLoad.path ??= path;
    if (usesCamera(path) !== usesCamera(documentLoad.path)) throw redirectDocument(`${path}${url.search}`);
    if (locale === 'fr' && path === '/') {
      const resolved = resolveLocale({
        pathname: path,
        cookie: readCookie(LOCALE_COOKIE),
        browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
      });
      if (resolved !== 'fr') throw redirect(localisePath(resolved, '/'));
    }
    await activateLocale(locale);
    const session = await currentSession(queryClient, path);
    if (!session && !isPublicPath(path)) {
      clearSession(queryClient);
      throw redirect(loginPath(locale, `${path}${url.search}`));
    }
    if (session && isGuestOnlyPath(path)) throw redirect(localisePath(locale, '/home'));
    return null;
  };
}
