import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Keys of every event query, general to specific; features nest theirs under `detail(id)`. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  listForOrganization: (organizationId: number) => [...eventKeys.lists(), { organizationId }] as const,
  detail: (id: number) => [...eventKeys.all, 'detail', id] as const,
};

/** One event: shared by the dashboard, the console's pages, commissions and the registration lists. */
export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(apiRoutes.events.get, { params: { id }, signal }),
  });

/** The event, or nothing while `id` is null (a page whose event is not known yet). */
export function useEvent(id: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...eventQueryOptions(id ?? 0), enabled: enabled && id !== null });
}

/** The organisation's events: the events list, and the analytics reports' choice of a comparison. */
export const organizationEventsQueryOptions = (organizationId: number) =>
  queryOptions({
    queryKey: eventKeys.listForOrganization(organizationId),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.events.listForOrganization, { params: { orgId: organizationId }, signal }))
        .data,
  });

export function useOrganizationEvents(organizationId: number | null) {
  return useQuery({
    ...organizationEventsQueryOptions(organizationId ?? 0),
    enabled: organizationId !== null,
  });
}
