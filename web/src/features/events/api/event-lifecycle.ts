import type { Event, EventStatus } from '@evt/contracts/events';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';
import { useUpdateSelectionMutation } from '../../../lib/session/update-selection';
import { eventFormsQueryOptions } from '../../../lib/queries/event-forms';

/** PUT /events/{id}/status (extension): the answer replaces the cached event; lists show the new status. */
export function useSetEventStatusMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: EventStatus) =>
      apiRequest(apiRoutes.events.setStatus, { params: { id: eventId }, body: { status } }),
    onSuccess: (saved: Event) => {
      queryClient.setQueryData(eventKeys.detail(eventId), saved);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}

/** POST /events/{id}/close-registrations (extension): every form closed; the forms page reloads them. */
export function useCloseRegistrationsMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.events.closeRegistrations, { params: { id: eventId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventFormsQueryOptions(eventId).queryKey }),
  });
}

/**
 * DELETE /events/{id} (extension, managers only): the event leaves every cache, and the selection when it
 * pointed at it, so no page goes on asking for it.
 */
export function useDeleteEventMutation(eventId: number) {
  const queryClient = useQueryClient();
  const selection = useUpdateSelectionMutation();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.events.remove, { params: { id: eventId } }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: eventKeys.detail(eventId) });
      await selection.mutateAsync({ eventId: null, commissionId: null }).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
