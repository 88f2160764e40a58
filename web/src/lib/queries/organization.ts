import { apiRoutes } from '@evt/contracts/routes';
import { hasRole } from '@evt/contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Keys of every organisation query, general to specific. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  detail: (id: number) => [...organizationKeys.all, 'detail', id] as const,
  eventNumbers: (id: number) => [...organizationKeys.all, 'detail', id, 'event-numbers'] as const,
};

/** One organisation: the selected one in most pages, shared by the events, members and settings pages. */
export const organizationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: organizationKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(apiRoutes.organizations.get, { params: { id }, signal }),
  });

export function useOrganization(id: number | null) {
  return useQuery({ ...organizationQueryOptions(id ?? 0), enabled: id !== null });
}

/**
 * Whether the signed-in user manages the organisation (owner or admin); undefined while it loads, so
 * nothing is offered or refused before the answer. The BFF and the upstream refuse management to plain
 * members whatever the page shows: this only keeps the page from offering what would be refused.
 */
export function useCanManage(id: number | null): boolean | undefined {
  const organization = useOrganization(id).data;
  return organization === undefined ? undefined : hasRole(organization.memberType, 'manager');
}
