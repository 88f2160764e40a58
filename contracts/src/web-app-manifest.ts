import { z } from 'zod';
import { LOCALES } from './locale';

/**
 * A page's web app manifest, for the pages a device installs (the check-in desk's, an exhibitor's stand):
 * opened full screen from the home screen, on the page itself (its start URL and scope), kept offline by
 * its service worker. It names a page path and nothing of the event.
 */
export const webAppManifest = z.object({
  name: z.string(),
  short_name: z.string(),
  lang: z.enum(LOCALES),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal('standalone'),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(z.object({ src: z.string(), sizes: z.string(), type: z.string() })),
});
export type WebAppManifest = z.infer<typeof webAppManifest>;

/** The language an installed page opens in (its manifest's start URL carries the prefix). */
export const manifestLocale = z.enum(LOCALES).default('fr');
