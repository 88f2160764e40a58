import type { InviteRequest } from '@evt/contracts/members';
import { apiRoutes } from '@evt/contracts/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const memberKeys = {
  all: ['members'] as const,
  types: () => [...memberKeys.all, 'types'] as const,
  list: (orgId: number) => [...memberKeys.all, 'list', orgId] as const,
  invitations: (orgId: number) => [...memberKeys.all, 'invitations', orgId] as const,
  invitationPage: (orgId: number, page: number) => [...memberKeys.invitations(orgId), page] as const,
};

export const INVITATIONS_PER_PAGE = 5;

export function useMemberTypes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: memberKeys.types(),
    queryFn: async ({ signal }) => (await apiRequest(apiRoutes.members.memberTypes, { signal })).data,
    staleTime: 10 * 60_000,
  });
}

export function useMembers(orgId: number | null) {
  return useQuery({
    queryKey: memberKeys.list(orgId ?? 0),
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.members.list, { params: { id: orgId ?? 0 }, signal })).data,
    enabled: orgId !== null,
  });
}

export function useInvitations(orgId: number, page: number) {
  return useQuery({
    queryKey: memberKeys.invitationPage(orgId, page),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.invitations.list, {
        params: { id: orgId },
        query: { limit: INVITATIONS_PER_PAGE, page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Spec section 4: after an invitation, an invalidation or a resend, the list is reloaded. */
function useReloadInvitations(orgId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberKeys.invitations(orgId) });
}

export function useInviteMutation(orgId: number) {
  const reload = useReloadInvitations(orgId);
  return useMutation({
    mutationFn: (body: InviteRequest) =>
      apiRequest(apiRoutes.invitations.invite, { params: { id: orgId }, body }),
    onSuccess: reload,
  });
}

export function useInvalidateMutation(orgId: number) {
  const reload = useReloadInvitations(orgId);
  return useMutation({
    mutationFn: (id: number) => apiRequest(apiRoutes.invitations.invalidate, { params: { id } }),
    onSettled: reload,
  });
}

export function useResendMutation(orgId: number) {
  const reload = useReloadInvitations(orgId);
  return useMutation({
    mutationFn: (input: { id: number; locale: InviteRequest['locale'] }) =>
      apiRequest(apiRoutes.invitations.resend, { params: { id: input.id }, body: { locale: input.locale } }),
    onSettled: reload,
  });
}

/** PUT /organizations/{id}/members/{userId} (extension, managers): the list reloads with the new type. */
export function useChangeMemberTypeMutation(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: number; memberTypeId: number }) =>
      apiRequest(apiRoutes.members.changeType, {
        params: { id: orgId, userId: input.userId },
        body: { memberTypeId: input.memberTypeId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(orgId) }),
  });
}

/** DELETE /organizations/{id}/members/{userId} (extension, managers): the list reloads without them. */
export function useRemoveMemberMutation(orgId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiRequest(apiRoutes.members.remove, { params: { id: orgId, userId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.list(orgId) }),
  });
}
