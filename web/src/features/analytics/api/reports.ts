import type { ReportQuery } from '@evt/contracts/analytics';
import { apiRoutes } from '@evt/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/queries/event';

export const reportKeys = {
  registrations: (eventId: number, query: ReportQuery) =>
    [...eventKeys.detail(eventId), 'reports', 'registrations', query] as const,
};

/** The registrations report of one event with the filters: one call, every figure of the page. */
export function useRegistrationReport(eventId: number | null, query: ReportQuery, enabled = true) {
  return useQuery({
    queryKey: reportKeys.registrations(eventId ?? 0, query),
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.analytics.registrations, { params: { id: eventId ?? 0 }, query, signal }),
    enabled: enabled && eventId !== null,
    placeholderData: keepPreviousData,
  });
}
