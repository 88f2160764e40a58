import type { Event } from '@evt/contracts/events';
import { useEventWhenFormatter } from '../lib/format';

/** "12–14 Mar 2026, 09:00 – 18:00 (Central European Time)": the days, and the times when the event has some. */
export function EventDates({
  event,
}: {
  event: Pick<Event, 'startDate' | 'endDate' | 'startTime' | 'endTime' | 'timeZone'>;
}) {
  const when = useEventWhenFormatter('medium');
  return <time dateTime={event.startDate}>{when(event)}</time>;
}
