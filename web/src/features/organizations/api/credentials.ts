import { type CredentialBody, organizationCredentialRoutes } from '@evt/contracts/organization-credentials';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

const routes = organizationCredentialRoutes;

/** The organisation's credentials, masked by the BFF (owners only). */
export const credentialsQuery = (id: number) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(id), 'credentials'] as const,
    queryFn: ({ signal }) => apiRequest(routes.list, { params: { id }, signal }),
  });

/** Sets or replaces one credential; the answer is the new masked list. */
export function useSetCredential(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CredentialBody) => apiRequest(routes.set, { params: { id }, body }),
    onSuccess: (saved) => client.setQueryData(credentialsQuery(id).queryKey, saved),
  });
}

export function useRemoveCredential(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest(routes.remove, { params: { id, name } }),
    onSuccess: (saved) => client.setQueryData(credentialsQuery(id).queryKey, saved),
  });
}
