import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

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
