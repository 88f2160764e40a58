import type { SessionState } from '@evt/contracts/auth';
import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { isApiError } from '../api-error';
import { sessionKeys } from './keys';

/** The signed-in user and their selection, or null when signed out (a 401 is an answer here). */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me(),
    queryFn: async ({ signal }): Promise<SessionState | null> => {
      try {
        return await apiRequest(apiRoutes.auth.me, { signal });
      } catch (error) {
        if (isApiError(error) && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** For pages behind the access guard, where the session is known to exist. */
export function useSession(): SessionState {
  const { data } = useMe();
  if (!data) throw new Error('useSession used outside a signed-in page');
  return data;
}
