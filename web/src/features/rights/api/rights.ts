import type { Permission } from '@evt/contracts/permissions';
import { rightsRoutes } from '@evt/contracts/rights';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

const rightsKey = (eventId: number) => [...eventKeys.detail(eventId), 'rights'] as const;
/** An event's audit log (every one's, without an id): every change of rights adds a line to it. */
export const auditKey = (eventId?: number) =>
  eventId === undefined ? (['audit'] as const) : (['audit', 'event', eventId] as const);

export const eventRightsQuery = (eventId: number) =>
  queryOptions({
    queryKey: rightsKey(eventId),
    queryFn: ({ signal }) => apiRequest(rightsRoutes.get, { params: { id: eventId }, signal }),
  });

export const useEventRights = (eventId: number) => useQuery(eventRightsQuery(eventId));

/** A grant to a member type or a member: a list replaces the level below, null goes back to it. */
export type GrantTarget = { kind: 'type'; id: number } | { kind: 'member'; id: number };

export function useSetGrantMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, permissions }: { target: GrantTarget; permissions: Permission[] | null }) =>
      target.kind === 'type'
        ? apiRequest(rightsRoutes.setMemberType, {
            params: { id: eventId, typeId: target.id },
            body: { permissions },
          })
        : apiRequest(rightsRoutes.setMember, {
            params: { id: eventId, userId: target.id },
            body: { permissions },
          }),
    // the matrix, and the signed-in member's own permissions (they may have changed their own)
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: eventKeys.detail(eventId) }),
        queryClient.invalidateQueries({ queryKey: auditKey() }),
      ]),
  });
}
