import { type PrivacyNoticeBody, privacyNoticeRoutes } from '@evt/contracts/privacy-notice';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

export const privacyNoticeQuery = (id: number) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(id), 'privacy-notice'] as const,
    queryFn: ({ signal }) => apiRequest(privacyNoticeRoutes.getPrivacyNotice, { params: { id }, signal }),
  });

/** Owners and administrators (the server decides; the settings page is theirs). */
export function useSetPrivacyNotice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PrivacyNoticeBody) =>
      apiRequest(privacyNoticeRoutes.setPrivacyNotice, { params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(privacyNoticeQuery(id).queryKey, saved),
  });
}
