import { apiRoutes } from '@evt/contracts/routes';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const checkinKeys = {
  stats: (eventId: number) => ['checkin', 'stats', eventId] as const,
  search: (eventId: number, q: string) => ['checkin', 'search', eventId, q] as const,
};

export const checkinStatsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: checkinKeys.stats(eventId),
    queryFn: ({ signal }) => apiRequest(apiRoutes.checkin.stats, { params: { id: eventId }, signal }),
  });

export const useCheckinStats = (eventId: number) => useQuery(checkinStatsQueryOptions(eventId));

/** Confirmed registrations whose name or address holds `q` (nothing asked under two characters). */
export function useCheckinSearch(eventId: number, q: string) {
  return useQuery({
    queryKey: checkinKeys.search(eventId, q),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.checkin.search, { params: { id: eventId }, query: { q }, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** A scanned or typed code: the BFF checks its signature before anything is recorded. */
export function useScanMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiRequest(apiRoutes.checkin.scan, { params: { id: eventId }, body: { code } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['checkin'] }),
  });
}

/** A person found by name, checked in by their registration. */
export function useCheckInMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(apiRoutes.checkin.checkIn, { params: { id: eventId }, body: { registrationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['checkin'] }),
  });
}

/**
 * The desk confirms a person standing there who registered without confirming by e-mail (the kiosk): the
 * registration is confirmed by hand, so their badge prints and the door checks them in.
 */
export function useDeskConfirmMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: number) =>
      apiRequest(apiRoutes.registrations.confirmByHand, { params: { id: eventId, registrationId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['checkin'] }),
  });
}
