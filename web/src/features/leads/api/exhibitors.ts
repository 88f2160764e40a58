import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const exhibitorKeys = {
  all: ['leads', 'exhibitors'] as const,
  event: (eventId: number) => ['leads', 'exhibitors', eventId] as const,
};

/** Each stand of the event with its number of leads and the state of its link. */
export function useExhibitorLeads(eventId: number) {
  return useQuery({
    queryKey: exhibitorKeys.event(eventId),
    queryFn: ({ signal }) => apiRequest(apiRoutes.leads.exhibitors, { params: { id: eventId }, signal }),
  });
}

/** Mails a stand a new link to its space (its earlier links keep working). */
export function useSendLinkMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(apiRoutes.leads.sendLink, { params: { id: eventId, registrationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exhibitorKeys.event(eventId) }),
  });
}

/** Closes every link of a stand at once. */
export function useRevokeLinksMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(apiRoutes.leads.revokeLinks, { params: { id: eventId, registrationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: exhibitorKeys.event(eventId) }),
  });
}
