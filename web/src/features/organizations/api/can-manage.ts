import { hasRole } from '@evt/contracts/roles';
import { useOrganization } from './get-organization';

/**
 * Whether the signed-in user manages the organisation (owner or admin); undefined while it loads, so
 * nothing is offered or refused before the answer. The BFF and the upstream refuse management to plain
 * members whatever the page shows: this only keeps the page from offering what would be refused.
 */
export function useCanManage(id: number | null): boolean | undefined {
  const organization = useOrganization(id).data;
  return organization === undefined ? undefined : hasRole(organization.memberType, 'manager');
}
