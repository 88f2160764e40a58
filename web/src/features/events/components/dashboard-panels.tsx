import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { Detail } from '../../../components/ui/detail';
import { useEnrolmentMetrics } from '../../../lib/queries/enrolment';
import { DocumentsPanel } from './documents-panel';
import { LogoPanel } from './logo-panel';
import { hasLimits, PlacesTable } from './form-places';
import { useEventForms } from '../../../lib/queries/event-forms';

// chart.js is loaded with the dashboard only, never with the rest of the console
const MetricsCharts = lazy(() => import('./metrics-charts'));

export function DashboardPanels({ eventId, logo }: { eventId: number; logo: string | null }) {
  const { t } = useTranslation();
  const metrics = useEnrolmentMetrics(eventId);
  // the forms' places (capacity, waiting list), read with the forms the event navigation reads already
  const forms = useEventForms(eventId);
  return (
    <>
      <section className="card" aria-labelledby="dash-metrics">
        <h2 id="dash-metrics" className="card__title">
          {t('console.metrics.title')}
        </h2>
        {metrics.isPending ? <Spinner label={t('common.loading')} /> : null}
        <ErrorAlert error={metrics.error} />
        {metrics.data ? (
          <>
            <dl className="figures">
              <Detail label={t('console.metrics.total')}>{metrics.data.total}</Detail>
              <Detail label={t('console.metrics.statuses.confirmed')}>
                {metrics.data.byStatus.confirmed}
              </Detail>
              <Detail label={t('console.metrics.statuses.pending')}>{metrics.data.byStatus.pending}</Detail>
            </dl>
            <Suspense fallback={<Spinner label={t('common.loading')} />}>
              <MetricsCharts metrics={metrics.data} />
            </Suspense>
          </>
        ) : null}
      </section>
      {forms.data?.some(hasLimits) ? (
        <section className="card" aria-labelledby="dash-places">
          <h2 id="dash-places" className="card__title">
            {t('console.metrics.places.title')}
          </h2>
          <PlacesTable forms={forms.data} />
        </section>
      ) : null}
      <div className="dashboard__grid">
        <DocumentsPanel eventId={eventId} />
        <LogoPanel eventId={eventId} logo={logo} />
      </div>
    </>
  );
}
