import type { RegisterBody } from '@evt/contracts/auth';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (body: RegisterBody) => apiRequest(apiRoutes.auth.register, { body }),
  });
}
