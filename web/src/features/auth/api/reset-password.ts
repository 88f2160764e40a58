import { apiRoutes } from '@evt/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: { code: string; password: string; confirmPassword: string }) =>
      apiRequest(apiRoutes.auth.resetPassword, { body }),
  });
}
