import { type KioskBody, kioskRoutes } from '@evt/contracts/kiosk';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Turns this device into the event's registration kiosk: the BFF sets its cookie, then the
 * device replaces the console with the form (Back does not lead to the console from the desk).
 */
export function useStartKioskMutation(eventId: number) {
  return useMutation({
    mutationFn: (body: KioskBody) => apiRequest(kioskRoutes.start, { params: { id: eventId }, body }),
    onSuccess: ({ path }) => window.location.replace(path),
  });
}
