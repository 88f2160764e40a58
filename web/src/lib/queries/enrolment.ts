import { enrolmentMetrics } from '@evt/contracts/upstream-automation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { automation } from '../automation';
import { eventKeys } from './event';

/**
 * The event's registrations per role, status and day (the webhook's enrolment metrics): the dashboard's
 * charts and the event navigation's counts share this one cached call.
 */
export const enrolmentMetricsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: [...eventKeys.detail(eventId), 'metrics'] as const,
    queryFn: ({ signal }) =>
      automation('enrolmentMetrics', { actions: 'metrics', event: eventId }, enrolmentMetrics, { signal }),
  });

export function useEnrolmentMetrics(eventId: number | null) {
  return useQuery({ ...enrolmentMetricsQueryOptions(eventId ?? 0), enabled: eventId !== null });
}
