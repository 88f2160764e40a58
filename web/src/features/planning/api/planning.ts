import type { PlanningBoard, PlanningSession, SessionBody } from '@evt/contracts/planning';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

export const planningKeys = {
  board: (eventId: number) => [...eventKeys.detail(eventId), 'planning'] as const,
};

/** The event's sessions and its panelists (the speakers one can pick), in one call. */
export function usePlanningBoard(eventId: number) {
  return useQuery({
    queryKey: planningKeys.board(eventId),
    queryFn: ({ signal }) => apiRequest(apiRoutes.planning.board, { params: { id: eventId }, signal }),
  });
}

/** What a save sends: a new session (`id` null) or the changed one. */
export type SaveInput = { id: number | null; body: SessionBody };

/**
 * Creates or updates a session. The board shows the answer at once (the saved session replaces its old
 * place), then is read again; a refusal leaves the board as it was.
 */
export function useSaveSessionMutation(eventId: number) {
  const queryClient = useQueryClient();
  const key = planningKeys.board(eventId);
  return useMutation({
    mutationFn: ({ id, body }: SaveInput) =>
      id === null
        ? apiRequest(apiRoutes.planning.create, { params: { id: eventId }, body })
        : apiRequest(apiRoutes.planning.update, { params: { id: eventId, sessionId: id }, body }),
    onSuccess: (saved: PlanningSession) => {
      queryClient.setQueryData<PlanningBoard>(key, (old) =>
        old ? { ...old, sessions: [...old.sessions.filter((s) => s.id !== saved.id), saved] } : old,
      );
      // not awaited: the save is done once the board shows it. Awaiting the re-read kept the mutation
      // pending for as long as it took, so the form was cleared (the caller's onSuccess) only then, over
      // what the organiser had started typing for the next session
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeleteSessionMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(apiRoutes.planning.remove, { params: { id: eventId, sessionId: id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planningKeys.board(eventId) }),
  });
}
