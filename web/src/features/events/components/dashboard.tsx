import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { QueryResult } from '../../../components/ui/query-result';
import { Detail } from '../../../components/ui/detail';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale-path';
import { NotFoundMessage } from '../../../components/not-found-message';
import { useOrganization } from '../../../lib/queries/organization';
import { useEvent } from '../../../lib/queries/event';
import { EventDates } from '../../../components/event-dates';
import { EventStatus, eventPhase } from '../../../components/event-status';

/** `extra`: the console's panels (metrics, documents, logo) below the overview. */
export function Dashboard({ eventId, extra }: { eventId: number; extra?: ReactNode }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const query = useEvent(eventId);
  const event = query.data;
  const organization = useOrganization(event?.organizationId ?? null);
  const formatDate = useDateFormatter({ dateStyle: 'long' });
  useDocumentTitle(event ? t('dashboard.documentTitle', { name: event.name }) : t('dashboard.title'));

  if (query.isError && isApiError(query.error) && query.error.status === 404) {
    return (
      <EventLayout event={undefined}>
        <NotFoundMessage />
      </EventLayout>
    );
  }

  return (
    <EventLayout event={event}>
      <QueryResult query={query}>
        {(data) => (
          <div className="page dashboard">
            <div className="page__header">
              <div>
                <p className="page__eyebrow">{t('dashboard.title')}</p>
                <h1>{data.name}</h1>
              </div>
              <EventStatus status={data.status} />
            </div>
            <div className="dashboard__grid">
              <section className="card" aria-labelledby="dash-overview">
                <h2 id="dash-overview" className="card__title">
                  {t('dashboard.overview')}
                </h2>
                <dl className="details">
                  <Detail label={t('dashboard.dates')}>
                    <EventDates event={data} />
                  </Detail>
                  <Detail label={t('dashboard.phase')}>{t(`dashboard.phases.${eventPhase(data)}`)}</Detail>
                  <Detail label={t('dashboard.venue')}>{data.venue || t('common.notProvided')}</Detail>
                  <Detail label={t('dashboard.place')}>
                    {[data.city, data.country].filter(Boolean).join(', ') || t('common.notProvided')}
                  </Detail>
                  <Detail label={t('dashboard.languages')}>
                    {data.languages.length
                      ? data.languages.map((lng) => t(`layout.languages.${lng}`)).join(', ')
                      : t('common.notProvided')}
                  </Detail>
                  <Detail label={t('dashboard.organization')}>
                    {organization.data?.name ?? t('common.loading')}
                  </Detail>
                  <Detail label={t('dashboard.createdAt')}>{formatDate(data.createdAt)}</Detail>
                </dl>
              </section>
              <section className="card" aria-labelledby="dash-about">
                <h2 id="dash-about" className="card__title">
                  {t('dashboard.description')}
                </h2>
                <p className="prose">{data.description || t('dashboard.noDescription')}</p>
                <h3 className="card__subtitle">{t('dashboard.statusTitle')}</h3>
                <p>{t(`dashboard.statusHelp.${data.status}`)}</p>
                <p>
                  <Link to={lp('/events')}>{t('dashboard.otherEvents')}</Link>
                </p>
              </section>
            </div>
            {extra}
          </div>
        )}
      </QueryResult>
    </EventLayout>
  );
}
