import type { Locale } from '@evt/contracts/locale';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: { email: string; locale?: Locale }) =>
      apiRequest(apiRoutes.auth.forgotPassword, { body }),
  });
}
