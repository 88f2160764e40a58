import { dataRightsRoutes, type RetentionBody } from '@evt/contracts/data-rights';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

export const retentionQuery = (id: number) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(id), 'retention'] as const,
    queryFn: ({ signal }) => apiRequest(dataRightsRoutes.getRetention, { params: { id }, signal }),
  });

/** Owners only (the server decides; the page offers the form to owners). */
export function useSetRetention(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetentionBody) => apiRequest(dataRightsRoutes.setRetention, { params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(retentionQuery(id).queryKey, saved),
  });
}
