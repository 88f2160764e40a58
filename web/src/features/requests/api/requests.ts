import {
  type CreateInfoRequestBody,
  type InfoRequestState,
  infoRequestRoutes as routes,
} from '@evt/contracts/info-requests';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

export const requestKeys = {
  all: (eventId: number) => [...eventKeys.detail(eventId), 'info-requests'] as const,
  list: (eventId: number, filter: { state?: InfoRequestState; registrationId?: number }) =>
    [...requestKeys.all(eventId), filter] as const,
};

/** The event's requests, or one registration's (the filter goes to the upstream as the query). */
export const requestsQuery = (
  eventId: number,
  filter: { state?: InfoRequestState; registrationId?: number } = {},
) =>
  queryOptions({
    queryKey: requestKeys.list(eventId, filter),
    queryFn: ({ signal }) => apiRequest(routes.list, { params: { id: eventId }, query: filter, signal }),
  });

export const useRequests = (...args: Parameters<typeof requestsQuery>) => useQuery(requestsQuery(...args));

export function useCreateRequest(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInfoRequestBody) => apiRequest(routes.create, { params: { id: eventId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(eventId) }),
  });
}

/** Resend the link (a new one) or cancel the request. */
export function useRequestAction(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, action }: { requestId: number; action: 'resend' | 'cancel' }) =>
      apiRequest(routes[action], { params: { id: eventId, requestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.all(eventId) }),
  });
}
