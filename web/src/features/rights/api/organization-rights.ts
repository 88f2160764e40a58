import type { Permission } from '@evt/contracts/permissions';
import { rightsRoutes } from '@evt/contracts/rights';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';
import { organizationKeys } from '../../../lib/queries/organization';
import { auditKey, type GrantTarget } from './rights';

const rulesKey = (organizationId: number) => [...organizationKeys.detail(organizationId), 'rights'] as const;

/** The organisation's rules: what each member type and member holds in it and in events without rules. */
export const organizationRightsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: rulesKey(organizationId),
    queryFn: ({ signal }) =>
      apiRequest(rightsRoutes.organizationRights, { params: { id: organizationId }, signal }),
  });

export const useOrganizationRights = (organizationId: number) =>
  useQuery(organizationRightsQuery(organizationId));

/** A rule of the organisation for a member type or a member (a list replaces the default). */
export function useSetOrganizationGrantMutation(organizationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, permissions }: { target: GrantTarget; permissions: Permission[] }) =>
      target.kind === 'type'
        ? apiRequest(rightsRoutes.setOrganizationMemberType, {
            params: { id: organizationId, typeId: target.id },
            body: { permissions },
          })
        : apiRequest(rightsRoutes.setOrganizationMember, {
            params: { id: organizationId, userId: target.id },
            body: { permissions },
          }),
    // the rules, the member's own permissions in the organisation (they may have changed their own), the
    // events' permissions (events without rules of their own follow these) and the audit log
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.detail(organizationId) }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKey() }),
      ]),
  });
}
