import type { BadgeSendStatus } from '@evt/contracts/badge-sending';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whom to send to: roles, or one registration. */
export interface BadgeSendChoice {
  roles: RegistrationKind[];
  registrationId?: number;
}

export const badgeSendKeys = {
  all: ['badges', 'sends'] as const,
  status: (eventId: number, choice: BadgeSendChoice) =>
    ['badges', 'sends', eventId, choice.roles.join(','), choice.registrationId ?? null] as const,
};

const POLL_MS = 1000;
const stillGoing = (status: BadgeSendStatus | undefined) => (status && status.pending > 0 ? POLL_MS : false);

/** The counts of the choice, polled while badges are on their way. */
export function useBadgeSendStatus(eventId: number, choice: BadgeSendChoice) {
  return useQuery({
    queryKey: badgeSendKeys.status(eventId, choice),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.badgeSending.status, {
        params: { id: eventId },
        query: { roles: choice.roles.join(','), registrationId: choice.registrationId },
        signal,
      }),
    refetchInterval: (query) => stillGoing(query.state.data),
  });
}

export function useSendBadgesMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: BadgeSendChoice) =>
      apiRequest(apiRoutes.badgeSending.send, { params: { id: eventId }, body: choice }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: badgeSendKeys.all }),
  });
}
