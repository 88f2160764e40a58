import type { EnrolmentMetrics } from '@evt/contracts/upstream-automation';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// only what these three charts draw: keeps the lazy chunk small
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  Legend,
);

const COLOURS = ['#2952cc', '#1f9d72', '#d97706', '#b4237a', '#6b46c1', '#0e7490', '#a16207', '#475569'];

type Kind = 'bar' | 'doughnut' | 'line';

/** One chart on a canvas, named for assistive tech; the table under it carries the figures. */
function ChartCanvas({
  kind,
  labels,
  values,
  label,
}: {
  kind: Kind;
  labels: string[];
  values: number[];
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels,
        datasets: [
          {
            label,
            data: values,
            backgroundColor:
              kind === 'line' ? COLOURS[0] : labels.map((_, i) => COLOURS[i % COLOURS.length] ?? '#2952cc'),
            borderColor: kind === 'line' ? COLOURS[0] : undefined,
          },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: kind === 'doughnut' } },
        scales: kind === 'doughnut' ? {} : { y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [kind, labels, values, label]);
  return (
    <div className="chart__canvas">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

function DataTable({ caption, rows }: { caption: string; rows: [string, number][] }) {
  const { t } = useTranslation();
  return (
    <table className="table table--compact">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('console.metrics.category')}</th>
          <th scope="col">{t('console.metrics.count')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figure({ title, kind, rows }: { title: string; kind: Kind; rows: [string, number][] }) {
  return (
    <figure className="chart card">
      <figcaption className="card__title">{title}</figcaption>
      <ChartCanvas kind={kind} labels={rows.map((r) => r[0])} values={rows.map((r) => r[1])} label={title} />
      <details>
        <summary>{title}</summary>
        <DataTable caption={title} rows={rows} />
      </details>
    </figure>
  );
}

/** Registrations per role, per status and per day (loaded only on the dashboard). */
export default function MetricsCharts({ metrics }: { metrics: EnrolmentMetrics }) {
  const { t } = useTranslation();
  const byRole = Object.entries(metrics.byRole).map(
    ([role, count]) => [t(`console.metrics.roles.${role}`, role), count] as [string, number],
  );
  const byStatus: [string, number][] = [
    [t('console.metrics.statuses.pending'), metrics.byStatus.pending],
    [t('console.metrics.statuses.confirmed'), metrics.byStatus.confirmed],
  ];
  const byDay = metrics.byDay.map((d) => [d.date, d.count] as [string, number]);
  return (
    <div className="charts">
      <Figure title={t('console.metrics.byRole')} kind="bar" rows={byRole} />
      <Figure title={t('console.metrics.byStatus')} kind="doughnut" rows={byStatus} />
      <Figure title={t('console.metrics.byDay')} kind="line" rows={byDay} />
    </div>
  );
}
