import { KIOSK_QUERY, kioskRoutes } from '@evt/contracts/kiosk';
import { useSearchParams } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/**
 * Whether the visitor form runs as a registration kiosk: said by its address, which the BFF
 * gives when an organiser switches the mode on. It only decides what the page keeps (nothing of the
 * previous visitor); the limits are lifted by the BFF's signed cookie, never by this flag.
 */
export function useKioskMode(): boolean {
  const [params] = useSearchParams();
  return params.get(KIOSK_QUERY) === '1';
}

/** Staff leave kiosk mode: the cookie is cleared and the ordinary form comes back, without the flag. */
export async function leaveKioskMode(): Promise<void> {
  await apiRequest(kioskRoutes.leave);
  const url = new URL(window.location.href);
  url.searchParams.delete(KIOSK_QUERY);
  window.location.replace(`${url.pathname}${url.search}`);
}
