import { apiRoutes } from '@evt/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

/** The event's recorded activity (registrations, mailings, B2B, deletions) as far as the caller may see it. */
export function useActivity(eventId: number) {
  return useQuery({
    queryKey: [...eventKeys.detail(eventId), 'activity'] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.analytics.activity, { params: { id: eventId }, signal })).data,
  });
}
