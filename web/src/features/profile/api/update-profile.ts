import type { SessionState, User } from '@evt/contracts/auth';
import type { UpdateProfileBody } from '@evt/contracts/profile';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/keys';

/** PUT /user/profile (extension): the saved user replaces the session's copy at once. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => apiRequest(apiRoutes.profile.update, { body }),
    onSuccess: (user: User) => {
      queryClient.setQueryData<SessionState | null>(sessionKeys.me(), (old) =>
        old ? { ...old, user } : old,
      );
    },
  });
}
