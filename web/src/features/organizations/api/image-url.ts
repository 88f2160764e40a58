import { API_PREFIX } from '../../../lib/api-client';

/** The API answers image paths relative to `/api` (`/organizations/1/image?v=…`). */
export function apiAssetUrl(path: string | null): string | null {
  if (!path) return null;
  return path.startsWith('/') ? `${API_PREFIX}${path}` : null;
}
