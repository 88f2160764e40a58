import { apiKeyRoutes, type CreateApiKeyBody } from '@evt/contracts/api-keys';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

const routes = apiKeyRoutes;

/** The organisation's API keys (owners only): never a key itself, only its name, scopes and dates. */
export const apiKeysQuery = (id: number) =>
  queryOptions({
    queryKey: [...organizationKeys.detail(id), 'api-keys'] as const,
    queryFn: ({ signal }) => apiRequest(routes.list, { params: { id }, signal }),
  });

/** The published API, as the BFF serves it (generated from the contracts). */
export const openApiQuery = () =>
  queryOptions({
    queryKey: ['api', 'openapi'] as const,
    queryFn: ({ signal }) => apiRequest(routes.openApi, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Makes a key; its answer carries the key, the only time it is sent (the page shows it once). */
export function useCreateApiKey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => apiRequest(routes.create, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeysQuery(id).queryKey }),
  });
}

export function useRevokeApiKey(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (keyId: number) => apiRequest(routes.revoke, { params: { id, keyId } }),
    onSettled: () => client.invalidateQueries({ queryKey: apiKeysQuery(id).queryKey }),
  });
}
