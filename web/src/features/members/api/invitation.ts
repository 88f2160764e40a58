import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Both public reads of an invitation by its mailed code (the code is the secret). */
export function useInvitationLookup(code: string) {
  return useQuery({
    queryKey: ['invitations', 'code', code],
    queryFn: async ({ signal }) => {
      const [invitation, organizations] = await Promise.all([
        apiRequest(apiRoutes.invitations.lookup, { params: { code }, signal }),
        apiRequest(apiRoutes.invitations.organizations, { params: { code }, signal }),
      ]);
      return { invitation, organizations: organizations.data };
    },
    enabled: code.length >= 16,
    retry: false,
  });
}

export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: (code: string) => apiRequest(apiRoutes.invitations.accept, { query: { code } }),
  });
}
