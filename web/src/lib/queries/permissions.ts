import type { Permission } from '@evt/contracts/permissions';
import { rightsRoutes } from '@evt/contracts/rights';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { eventKeys } from './event';

/** The signed-in member's permissions in an event (issue 15): pages hide what they may not do. */
export const myPermissionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...eventKeys.detail(eventId), 'permissions'] as const,
    queryFn: ({ signal }) => apiRequest(rightsRoutes.mine, { params: { id: eventId }, signal }),
  });

/**
 * Whether the member holds `permission` in the event: false while unknown (an action appears once allowed,
 * never flickers away). Only a display rule: the server decides every call.
 */
export function useCan(eventId: number, permission: Permission): boolean {
  const mine = useQuery(myPermissionsQuery(eventId));
  return mine.data?.permissions.includes(permission) ?? false;
}
