import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: organizationKeys.list(),
    queryFn: async ({ signal }) => (await apiRequest(apiRoutes.organizations.list, { signal })).data,
  });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
