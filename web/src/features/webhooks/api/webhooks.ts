import { type CreateWebhookBody, type UpdateWebhookBody, webhookRoutes } from '@evt/contracts/webhooks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organizationKeys } from '../../../lib/queries/organization';

const routes = webhookRoutes;
const endpointsKey = (id: number) => [...organizationKeys.detail(id), 'webhooks'] as const;

/** The organisation's endpoints (owners only): never a secret, only the address, events and recent counts. */
export const webhooksQuery = (id: number) =>
  queryOptions({
    queryKey: endpointsKey(id),
    queryFn: ({ signal }) => apiRequest(routes.list, { params: { id }, signal }),
  });

/** One page of an endpoint's delivery log, newest first; `before` asks for the page older than that id. */
export const deliveriesQuery = (id: number, endpointId: number, before: number | null) =>
  queryOptions({
    queryKey: [...endpointsKey(id), endpointId, 'deliveries', before] as const,
    queryFn: ({ signal }) =>
      apiRequest(routes.deliveries, {
        params: { id, endpointId },
        query: before === null ? {} : { before },
        signal,
      }),
  });

/** Every change of an endpoint or its log refreshes the list (its counts) and the logs. */
function useWebhookMutation<I, O>(id: number, run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: endpointsKey(id) }),
  });
}

/** Adds an endpoint; the answer carries its signing secret, the only time it is sent. */
export const useCreateWebhook = (id: number) =>
  useWebhookMutation(id, (body: CreateWebhookBody) => apiRequest(routes.create, { params: { id }, body }));

export const useUpdateWebhook = (id: number) =>
  useWebhookMutation(id, ({ endpointId, body }: { endpointId: number; body: UpdateWebhookBody }) =>
    apiRequest(routes.update, { params: { id, endpointId }, body }),
  );

export const useRemoveWebhook = (id: number) =>
  useWebhookMutation(id, (endpointId: number) => apiRequest(routes.remove, { params: { id, endpointId } }));

/** A new secret (answered once); the previous one keeps signing beside it for a day. */
export const useRotateWebhookSecret = (id: number) =>
  useWebhookMutation(id, (endpointId: number) =>
    apiRequest(routes.rotateSecret, { params: { id, endpointId } }),
  );

export const usePingWebhook = (id: number) =>
  useWebhookMutation(id, (endpointId: number) => apiRequest(routes.ping, { params: { id, endpointId } }));

export const useRedeliver = (id: number) =>
  useWebhookMutation(id, ({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) =>
    apiRequest(routes.redeliver, { params: { id, endpointId, deliveryId } }),
  );
