import type { Selection, SessionState } from '@evt/contracts/auth';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sessionKeys } from './keys';

type SelectionChange = {
  organizationId?: number | null;
  eventId?: number | null;
  commissionId?: number | null;
};

/** The selection lives in the server session, so it survives a reload; the cached session follows it. */
export function useUpdateSelectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: SelectionChange) => apiRequest(apiRoutes.auth.updateSelection, { body: change }),
    onSuccess: (selection: Selection) => {
      queryClient.setQueryData<SessionState | null>(sessionKeys.me(), (old) =>
        old ? { ...old, selection } : old,
      );
    },
  });
}
