import type { Event } from '@evt/contracts/events';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../lib/format';

/** "12 – 14 March 2026" style ranges, in the page's language. */
export function EventDates({ event }: { event: Pick<Event, 'startDate' | 'endDate'> }) {
  const { t } = useTranslation();
  const format = useDateFormatter({ dateStyle: 'medium' });
  const start = format(event.startDate);
  const end = format(event.endDate);
  return (
    <time dateTime={event.startDate}>{start === end ? start : t('events.dateRange', { start, end })}</time>
  );
}
