import { eventForms } from '@evt/contracts/upstream-automation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { automation } from '../automation';
import { eventKeys } from './event';

/**
 * The event's forms, in the organiser's order (the webhook's event-forms operation): the forms page and the
 * event navigation (which lists only the registration pages the event has forms for) share this one call.
 */
export const eventFormsQueryOptions = (eventId: number) =>
  queryOptions({
    queryKey: [...eventKeys.detail(eventId), 'forms'] as const,
    queryFn: async ({ signal }) => (await automation('eventForms', { eventId }, eventForms, { signal })).data,
  });

export function useEventForms(eventId: number) {
  return useQuery(eventFormsQueryOptions(eventId));
}
