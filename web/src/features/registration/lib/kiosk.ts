import { KIOSK_QUERY, type KioskLeaveBody, kioskRoutes } from '@evt/contracts/kiosk';
import { useSearchParams } from 'react-router';
import { apiRequest } from '../../../lib/api-client';

/**
 * Whether the visitor form runs as a registration kiosk: said by its address, which the BFF
 * gives when an organiser switches the mode on. It only decides what the page keeps and shows (nothing of
 * the previous visitor, no way out of the form); the device's access is its own session, held by the BFF.
 */
export function useKioskMode(): boolean {
  const [params] = useSearchParams();
  return params.get(KIOSK_QUERY) === '1';
}

/**
 * Staff leave kiosk mode with the PIN: the BFF ends the device session (a wrong PIN is refused, and its
 * tries are limited), then the ordinary form comes back, without the flag.
 */
export async function leaveKioskMode(body: KioskLeaveBody): Promise<void> {
  await apiRequest(kioskRoutes.leave, { body });
  const url = new URL(window.location.href);
  url.searchParams.delete(KIOSK_QUERY);
  window.location.replace(`${url.pathname}${url.search}`);
}
