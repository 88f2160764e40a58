import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from './keys';

export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(apiRoutes.organizations.get, { params: { id }, signal }),
  });

export function useOrganization(id: number | null) {
  return useQuery({ ...organizationQueryOptions(id ?? 0), enabled: id !== null });
}
