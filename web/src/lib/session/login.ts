import type { LoginBody } from '@evt/contracts/auth';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sessionKeys } from './keys';

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiRequest(apiRoutes.auth.login, { body }),
    onSuccess: (session) => {
      // Login starts a new session: nothing cached for the previous one may leak into it.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.all[0] });
      queryClient.setQueryData(sessionKeys.me(), session);
    },
  });
}
