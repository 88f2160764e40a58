import type { Event } from '@evt/contracts/events';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryResult } from '../../../components/ui/query-result';
import { errorMessageKey } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session/me';
import { useUpdateSelectionMutation } from '../../../lib/session/update-selection';
import { useOrganization } from '../../../lib/queries/organization';
import { useOrganizationEvents } from '../../../lib/queries/event';
import { useEventCreation } from '../../../lib/queries/permissions';
import { EventDates } from '../../../components/event-dates';
import { EventStatus } from '../../../components/event-status';

function EventItem({ event, onOpen, busy }: { event: Event; onOpen: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const place = [event.venue, event.city].filter(Boolean).join(', ');
  return (
    <li className="card event-item">
      <div className="event-item__main">
        <h3 className="event-item__name">
          <button type="button" className="link-button" onClick={onOpen} disabled={busy}>
            {event.name}
          </button>
        </h3>
        <p className="event-item__meta">
          <EventDates event={event} />
          {place ? <span className="event-item__place">{place}</span> : null}
        </p>
      </div>
      <div className="event-item__side">
        <EventStatus status={event.status} />
        <span className="event-item__cta" aria-hidden="true">
          {t('events.openDashboard')}
        </span>
      </div>
    </li>
  );
}

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const { selection } = useSession();
  const organizationId = selection.organizationId;
  const organization = useOrganization(organizationId);
  const events = useOrganizationEvents(organizationId);
  const updateSelection = useUpdateSelectionMutation();
  const creation = useEventCreation(organizationId);
  const noteId = useId();
  useDocumentTitle(t('events.title'));

  const open = (event: Event) =>
    updateSelection.mutate(
      { organizationId: event.organizationId, eventId: event.id, commissionId: null },
      {
        onSuccess: () => navigate(lp(`/events/dashboard-${event.id}`)),
        onError: (error) => showToast({ kind: 'error', title: errorMessageKey(error) }),
      },
    );

  if (organizationId === null) {
    return (
      <div className="page">
        <h1>{t('events.title')}</h1>
        <EmptyState title={t('events.noOrganizationTitle')} message={t('events.noOrganizationMessage')}>
          <Link className="btn btn--primary" to={lp('/home')}>
            {t('events.chooseOrganization')}
          </Link>
        </EmptyState>
      </div>
    );
  }

  return (
    <div className="page">
      <div className="page__header">
        <div>
          <h1>{t('events.title')}</h1>
          {organization.data ? (
            <p className="page__lead">{t('events.ofOrganization', { name: organization.data.name })}</p>
          ) : null}
        </div>
        <div className="card__actions">
          {creation.allowed ? (
            <Link className="btn btn--primary" to={lp(`/events/add-${organizationId}`)}>
              {t('console.addEvent.title')}
            </Link>
          ) : (
            // who may not create events sees why, not a form that would be refused
            <span>
              <Button disabled aria-describedby={creation.missing ? noteId : undefined}>
                {t('console.addEvent.title')}
              </Button>
              {creation.missing ? (
                <span id={noteId} className="field__hint not-permitted">
                  {t('rights.missingOrganization', { permission: t('rights.permissions.events:create') })}
                </span>
              ) : null}
            </span>
          )}
          <Link className="btn btn--ghost" to={lp('/home')}>
            {t('events.changeOrganization')}
          </Link>
        </div>
      </div>
      <QueryResult query={events}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('events.emptyTitle')} message={t('events.emptyMessage')} />
          ) : (
            <>
              <p className="sr-only" aria-live="polite">
                {t('events.count', { count: list.length })}
              </p>
              <ul className="event-list" aria-label={t('events.listLabel')}>
                {list.map((event) => (
                  <EventItem
                    key={event.id}
                    event={event}
                    busy={updateSelection.isPending}
                    onOpen={() => open(event)}
                  />
                ))}
              </ul>
            </>
          )
        }
      </QueryResult>
    </div>
  );
}
