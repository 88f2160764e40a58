import type { EnrolmentMetrics } from '@evt/contracts/upstream-automation';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartKind, ChartFigure } from '../../../components/charts/chart-figure';
import { useDateFormatter } from '../../../lib/format';

function Figure({ title, kind, rows }: { title: string; kind: ChartKind; rows: [string, number][] }) {
  const { t } = useTranslation();
  const labels = useMemo(() => rows.map((r) => r[0]), [rows]);
  const series = useMemo(
    () => [{ label: t('console.metrics.count'), values: rows.map((r) => r[1]) }],
    [rows, t],
  );
  return (
    <ChartFigure
      title={title}
      kind={kind}
      labels={labels}
      series={series}
      categoryHeader={t('console.metrics.category')}
    />
  );
}

/** Registrations per role, per status and per day (loaded only on the dashboard). */
export default function MetricsCharts({ metrics }: { metrics: EnrolmentMetrics }) {
  const { t } = useTranslation();
  const formatDay = useDateFormatter({ dateStyle: 'medium', timeZone: 'UTC' });
  const byRole = Object.entries(metrics.byRole).map(
    ([role, count]) => [t(`console.metrics.roles.${role}`, role), count] as [string, number],
  );
  const byStatus: [string, number][] = [
    [t('console.metrics.statuses.pending'), metrics.byStatus.pending],
    [t('console.metrics.statuses.confirmed'), metrics.byStatus.confirmed],
  ];
  // days in words, in the page's language (the metrics give ISO dates)
  const byDay = metrics.byDay.map((d) => [formatDay(d.date), d.count] as [string, number]);
  return (
    <div className="charts">
      <Figure title={t('console.metrics.byRole')} kind="bar" rows={byRole} />
      <Figure title={t('console.metrics.byStatus')} kind="doughnut" rows={byStatus} />
      <Figure title={t('console.metrics.byDay')} kind="line" rows={byDay} />
    </div>
  );
}
