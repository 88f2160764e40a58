import { type Locale, localisePath } from '@evt/contracts/locale';
import type { WebAppManifest } from '@evt/contracts/web-app-manifest';
import { localText } from '../http/messages';

/**
 * The web app manifest of a page a device installs (the check-in desk's, an exhibitor's stand): it opens
 * that page, in the language asked, and its scope is that page alone (its service worker's too).
 */
export function webAppManifestOf(page: {
  /** the page's path without locale prefix */
  path: string;
  locale: Locale;
  /** the messages naming the installed app: in full, and under its icon */
  name: string;
  shortName: string;
}): WebAppManifest {
  const start = localisePath(page.locale, page.path);
  return {
    name: localText(page.name, page.locale) ?? page.name,
    short_name: localText(page.shortName, page.locale) ?? page.shortName,
    lang: page.locale,
    start_url: start,
    scope: start,
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1d4ed8',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  };
}
