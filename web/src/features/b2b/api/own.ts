import { buildPath } from '@evt/contracts/http';
import type { Locale } from '@evt/contracts/locale';
import { apiRoutes } from '@evt/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const routes = apiRoutes.b2bProfile;

export const ownProgrammeKeys = { all: ['profile', 'b2b'] as const };

/** `/profile/b2b`: the signed-in user's companies in B2B programmes (found by their verified address). */
export const ownProgrammesQueryOptions = () =>
  queryOptions({
    queryKey: ownProgrammeKeys.all,
    queryFn: ({ signal }) => apiRequest(routes.list, { signal }),
  });

export const useOwnProgrammes = () => useQuery(ownProgrammesQueryOptions());

/** The address that opens a company's space: a page load (the BFF redirects with a key of its own). */
export const openSpaceHref = (registrationId: number, locale: Locale) =>
  `/api${buildPath(routes.open.path, { registrationId })}?locale=${locale}`;
