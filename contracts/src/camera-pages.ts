import { splitLocalePrefix } from './locale';
import { ROUTE_ID } from './route-id';

/**
 * The pages that scan badges with the device's camera, in any language. Only their document is served
 * with the camera allowed for the product's own origin (`camera=(self)`); every other page denies it. The
 * SPA is one document for every console page, so the web loads a new document whenever a navigation
 * crosses this line (a page that scans is never shown in a document that may not, nor the reverse). Lead
 * scanning adds its page here when it lands.
 */
const CAMERA_PAGES: readonly RegExp[] = [/^\/events\/checkin-(\d+)$/];

export function usesCamera(pathname: string): boolean {
  const { rest } = splitLocalePrefix(pathname);
  return CAMERA_PAGES.some((page) => {
    const id = page.exec(rest)?.[1];
    return id !== undefined && ROUTE_ID.test(id);
  });
}
