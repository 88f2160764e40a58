import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

export const eventNumbersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organizationKeys.eventNumbers(id),
    queryFn: ({ signal }) => apiRequest(apiRoutes.organizations.eventNumbers, { params: { id }, signal }),
  });

export function useEventNumbers(id: number) {
  return useQuery(eventNumbersQueryOptions(id));
}
