import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from './keys';

export const eventQueryOptions = (id: number) =>
  queryOptions({
    queryKey: eventKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(apiRoutes.events.get, { params: { id }, signal }),
  });

export function useEvent(id: number) {
  return useQuery(eventQueryOptions(id));
}
