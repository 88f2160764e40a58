import type { Event } from '@evt/contracts/events';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { EventDates } from '../event-dates';
import { EventStatus } from '../event-status';
import { useLocalePath } from '../../lib/locale-path';
import { AuthenticatedLayout } from './authenticated-layout';

/** Every console page of one event (spec section 2); later issues add theirs to this list. */
const EVENT_NAV = [
  { key: 'eventLayout.nav.dashboard', to: (id: number) => `/events/dashboard-${id}` },
  { key: 'eventLayout.nav.commissions', to: (id: number) => `/events/commission-${id}` },
  { key: 'eventLayout.nav.features', to: () => '/admin/features' },
  { key: 'eventLayout.nav.activities', to: (id: number) => `/activities-${id}` },
] as const;

function EventNav({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <nav className="event-nav" aria-label={t('eventLayout.nav.label')}>
      <ul>
        {EVENT_NAV.map((item) => (
          <li key={item.key}>
            <NavLink to={lp(item.to(eventId))} className="event-nav__link">
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

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
      {event ? <EventNav eventId={event.id} /> : null}
    </div>
  );
}

/** The console of one event: the organiser console with the event's name, dates and venue on top. */
export function EventLayout({ event, children }: { event: Event | undefined; children: ReactNode }) {
  return <AuthenticatedLayout banner={<EventBanner event={event} />}>{children}</AuthenticatedLayout>;
}
