import type { MemberName } from '@evt/contracts/members';
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
  memberNames: (id: number, userIds: readonly number[]) =>
    [...organizationKeys.all, 'detail', id, 'member-names', userIds.join(',')] as const,
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

/** The contract's limit of one call; a page naming more people asks for the first ones only. */
const MAX_NAMED = 200;

/**
 * The names of these users among the organisation's members, read in one call for the whole page (the
 * BFF answers only its members; anyone else stays unnamed). The map is empty while it loads or on failure:
 * a page shows what it had without the names rather than an error.
 */
export function useMemberNames(organizationId: number | null, userIds: readonly number[]) {
  const ids = [...new Set(userIds)].sort((a, b) => a - b).slice(0, MAX_NAMED);
  const names = useQuery({
    queryKey: organizationKeys.memberNames(organizationId ?? 0, ids),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiRoutes.members.names, {
          params: { id: organizationId ?? 0 },
          query: { userIds: ids.join(',') },
          signal,
        })
      ).data,
    enabled: organizationId !== null && ids.length > 0,
    staleTime: 60_000,
  });
  return new Map<number, MemberName>((names.data ?? []).map((name) => [name.userId, name]));
}
