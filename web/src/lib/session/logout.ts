import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { forgetKeptPeople } from '../offline-scans/scan-store';
import { sessionKeys } from './keys';

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(apiRoutes.auth.logout),
    // Signed out locally even if the server could not be reached: the user asked to leave.
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me(), null);
      void forgetKeptPeople();
    },
  });
}
