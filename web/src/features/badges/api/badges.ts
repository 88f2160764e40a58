import type { BadgeModelBody } from '@evt/contracts/badges';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const badgeKeys = {
  all: ['badges'] as const,
  models: (eventId: number) => ['badges', 'models', eventId] as const,
};

export const badgeModelsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: badgeKeys.models(eventId),
    queryFn: ({ signal }) => apiRequest(apiRoutes.badges.listModels, { params: { id: eventId }, signal }),
  });

export const useBadgeModels = (eventId: number) => useQuery(badgeModelsQueryOptions(eventId));

export function useSaveBadgeModelMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { role: RegistrationKind; body: BadgeModelBody }) =>
      apiRequest(apiRoutes.badges.saveModel, { params: { id: eventId, role: input.role }, body: input.body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badgeKeys.models(eventId) }),
  });
}

export function useRemoveBadgeModelMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: RegistrationKind) =>
      apiRequest(apiRoutes.badges.removeModel, { params: { id: eventId, role } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badgeKeys.models(eventId) }),
  });
}
