import type { Event } from '@evt/contracts/events';
import { useTranslation } from 'react-i18next';

export function EventStatus({ status }: { status: Event['status'] }) {
  const { t } = useTranslation();
  return <span className={`badge badge--status-${status}`}>{t(`events.status.${status}`)}</span>;
}

/** Where the event stands in time, from its dates. */
export function eventPhase(
  event: Pick<Event, 'startDate' | 'endDate'>,
  now = new Date(),
): 'upcoming' | 'ongoing' | 'past' {
  const start = new Date(event.startDate);
  const end = new Date(event.endDate);
  end.setHours(23, 59, 59, 999);
  if (now < start) return 'upcoming';
  if (now > end) return 'past';
  return 'ongoing';
}
