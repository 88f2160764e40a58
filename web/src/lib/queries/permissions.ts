import type { AutomationMethod } from '@evt/contracts/automation';
import type { RouteContract } from '@evt/contracts/http';
import type { Permission } from '@evt/contracts/permissions';
import { accessOf, isPermissionAccess, operationAccessOf } from '@evt/contracts/route-access';
import { rightsRoutes } from '@evt/contracts/rights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { eventKeys } from './event';
import { organizationKeys } from './organization';

/** The signed-in member's permissions in an event: pages hide what they may not do. */
export const myPermissionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...eventKeys.detail(eventId), 'permissions'] as const,
    queryFn: ({ signal }) => apiRequest(rightsRoutes.mine, { params: { id: eventId }, signal }),
  });

/** What the organisation's rules give the signed-in member in the organisation itself (creating events). */
export const myOrganizationPermissionsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(organizationId), 'permissions'] as const,
    queryFn: ({ signal }) =>
      apiRequest(rightsRoutes.organizationMine, { params: { id: organizationId }, signal }),
  });

/**
 * Whether the member may create events in the organisation (`events:create`, from its rules): false while
 * unknown, `missing` once known to lack it. Only a display rule: the server decides.
 */
export function useEventCreation(organizationId: number | null): ActionAccess {
  const mine = useQuery({
    ...myOrganizationPermissionsQuery(organizationId ?? 0),
    enabled: organizationId !== null,
  });
  if (!mine.data) return { allowed: false, missing: null };
  const allowed = mine.data.permissions.includes('events:create');
  return { allowed, missing: allowed ? null : 'events:create' };
}

/** What an action calls: a route of the table, or a webhook gateway operation and its method. */
export type ActionCall = RouteContract | { operation: string; method: AutomationMethod };

/**
 * Whether the member may take an action, read from the same table the BFF enforces (route-access.ts), so
 * a page never names a permission of its own: false while unknown (an action appears once allowed, never
 * flickers away). Only a display rule: the server decides every call.
 * `missing` is the permission they lack, once their permissions are known (null while loading, and for a
 * route that no event permission guards: the organisation's role decides there, on the server).
 */
export interface ActionAccess {
  allowed: boolean;
  missing: Permission | null;
}

export function useActionAccess(eventId: number, call: ActionCall): ActionAccess {
  const mine = useQuery(myPermissionsQuery(eventId));
  const access = 'operation' in call ? operationAccessOf(call.operation, call.method) : accessOf(call);
  if (!access || !isPermissionAccess(access)) return { allowed: true, missing: null };
  if (!mine.data) return { allowed: false, missing: null };
  const allowed = mine.data.permissions.includes(access);
  return { allowed, missing: allowed ? null : access };
}
