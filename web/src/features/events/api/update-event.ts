import type { Event } from '@evt/contracts/events';
import { apiRoutes } from '@evt/contracts/routes';
import type { UpdateEventBody } from '@evt/contracts/upstream-events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

/** PUT /events/{id}: the saved event replaces the cached one; the lists show its new name and dates. */
export function useUpdateEventMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventBody) =>
      apiRequest(apiRoutes.events.update, { params: { id: eventId }, body }),
    onSuccess: (saved: Event) => {
      queryClient.setQueryData(eventKeys.detail(eventId), saved);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
    },
  });
}
