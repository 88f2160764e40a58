import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/**
 * The signed-in organiser's Google connection (never a token): the meetings page manages it, and the B2B
 * programme reads it before publishing online meetings whose links it makes. One key, one cached call.
 */
export const googleConnectionQuery = queryOptions({
  queryKey: ['google', 'connection'] as const,
  queryFn: ({ signal }) => apiRequest(apiRoutes.meetings.googleConnection, { signal }),
});

export function useGoogleConnection(enabled: boolean) {
  return useQuery({ ...googleConnectionQuery, enabled });
}
