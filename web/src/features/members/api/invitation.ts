import { INVITATION_CODE_HEADER } from '@evt/contracts/invitations';
import { apiRoutes } from '@evt/contracts/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** the mailed code goes in a header, never in an API address (proxies log addresses) */
const codeHeader = (code: string) => ({ [INVITATION_CODE_HEADER]: code });

/** The invitation and what it invites to, read by its mailed code (the code is the secret). */
export function useInvitationLookup(code: string) {
  return useQuery({
    queryKey: ['invitations', 'code', code],
    queryFn: ({ signal }) => apiRequest(apiRoutes.invitations.lookup, { headers: codeHeader(code), signal }),
    enabled: code.length >= 16,
    retry: false,
  });
}

export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: (code: string) => apiRequest(apiRoutes.invitations.accept, { headers: codeHeader(code) }),
  });
}
