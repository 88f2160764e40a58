import { GOOGLE_CONNECT_PATH } from '@evt/contracts/meetings';
import { useLocation } from 'react-router';

/** Where "Connect Google Calendar" goes: the BFF starts the consent flow and comes back to this page. */
export function useGoogleConnectHref(): string {
  const location = useLocation();
  return `${GOOGLE_CONNECT_PATH}?returnTo=${encodeURIComponent(location.pathname)}`;
}
