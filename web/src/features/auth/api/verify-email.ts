import { apiRoutes } from '@evt/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useVerifyEmailMutation() {
  return useMutation({
    mutationFn: (code: string) => apiRequest(apiRoutes.auth.verifyEmail, { body: { code } }),
  });
}
