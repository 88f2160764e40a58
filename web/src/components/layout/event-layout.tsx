import type { Event } from '@evt/contracts/events';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventDates } from '../event-dates';
import { EventStatus } from '../event-status';
import { useLocalePath } from '../../lib/locale-path';
import { useMe } from '../../lib/session/me';
import { useUpdateSelectionMutation } from '../../lib/session/update-selection';
import { AuthenticatedLayout } from './authenticated-layout';
import { EventNav } from './event-nav';

function EventBanner({ event }: { event: Event | undefined }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <div className="event-banner">
      <div className="event-banner__inner">
        <Link className="event-banner__back" to={lp('/events')}>
          {t('eventLayout.backToEvents')}
        </Link>
        {event ? (
          <div className="event-banner__summary">
            <p className="event-banner__name">{event.name}</p>
            <p className="event-banner__meta">
              <EventDates event={event} />
              {event.venue ? <span>{event.venue}</span> : null}
              <EventStatus status={event.status} />
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The console of one event: the event's name, dates and venue on top, its pages' navigation beside the
 * content, on the content's grid. Opening any page of an event by its address selects that event, as
 * choosing it in the list does (the pages keyed by the selection, `/admin/features`, then show it).
 */
export function EventLayout({ event, children }: { event: Event | undefined; children: ReactNode }) {
  const selectedId = useMe().data?.selection.eventId;
  const { mutate: select } = useUpdateSelectionMutation();
  useEffect(() => {
    if (event && selectedId !== undefined && selectedId !== event.id) {
      select({ organizationId: event.organizationId, eventId: event.id, commissionId: null });
    }
  }, [event, selectedId, select]);
  return (
    <AuthenticatedLayout banner={<EventBanner event={event} />}>
      {/* one tree while the event loads and after: the page below keeps what was typed in it */}
      <div className={event ? 'event-console' : 'event-console event-console--alone'}>
        {event ? <EventNav eventId={event.id} /> : null}
        <div className="event-console__content">{children}</div>
      </div>
    </AuthenticatedLayout>
  );
}
