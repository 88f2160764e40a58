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
import { ScrollTable } from '../ui/scroll-table';

// only what these charts draw: keeps the lazy chunks small
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

export type ChartKind = 'bar' | 'doughnut' | 'line';
/** One series of figures, one per label (an event's registrations per day, per role...). */
export type ChartSeries = { label: string; values: readonly number[] };

/** One chart on a canvas, named for assistive tech; the table beside it carries the figures. */
function ChartCanvas({
  kind,
  labels,
  series,
  label,
  axisTitle,
}: {
  kind: ChartKind;
  labels: readonly string[];
  series: readonly ChartSeries[];
  label: string;
  axisTitle: string | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // drawn again when the figures change, not when a parent re-renders with equal ones
  const figures = JSON.stringify([labels, series]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `figures` stands for labels and series
  useEffect(() => {
    if (!canvas.current) return;
    const several = series.length > 1;
    const chart = new Chart(canvas.current, {
      type: kind,
      data: {
        labels: [...labels],
        datasets: series.map((s, index) => {
          const colour = COLOURS[index % COLOURS.length] ?? '#2952cc';
          const each = kind === 'line' || several;
          return {
            label: s.label,
            data: [...s.values],
            backgroundColor: each ? colour : labels.map((_, i) => COLOURS[i % COLOURS.length] ?? '#2952cc'),
            borderColor: kind === 'line' ? colour : undefined,
          };
        }),
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { legend: { display: kind === 'doughnut' || several } },
        scales:
          kind === 'doughnut'
            ? {}
            : {
                y: { beginAtZero: true, ticks: { precision: 0 } },
                ...(axisTitle ? { x: { title: { display: true, text: axisTitle } } } : {}),
              },
      },
    });
    return () => chart.destroy();
  }, [kind, figures, label, axisTitle]);
  return (
    <div className="chart__canvas">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

function DataTable({
  caption,
  categoryHeader,
  labels,
  series,
}: {
  caption: string;
  categoryHeader: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
}) {
  return (
    <ScrollTable caption={caption} className="table table--compact">
      <thead>
        <tr>
          <th scope="col">{categoryHeader}</th>
          {series.map((s) => (
            <th key={s.label} scope="col">
              {s.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {labels.map((name, row) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            {series.map((s) => (
              <td key={s.label}>{s.values[row] ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/**
 * A chart with its figures as a table under it (the accessible reading of the chart, and what a
 * screen reader user navigates): shared by the event dashboard and the analytics reports.
 */
export function ChartFigure({
  title,
  kind,
  labels,
  series,
  categoryHeader,
  axisTitle,
  tableOpen = false,
}: {
  title: string;
  kind: ChartKind;
  labels: readonly string[];
  series: readonly ChartSeries[];
  categoryHeader: string;
  /** the horizontal axis's title under the chart (its table's first column says it too) */
  axisTitle?: string;
  /** the table shown at once rather than folded under the chart */
  tableOpen?: boolean;
}) {
  return (
    <figure className="chart card">
      <figcaption className="card__title">{title}</figcaption>
      <ChartCanvas kind={kind} labels={labels} series={series} label={title} axisTitle={axisTitle} />
      <details open={tableOpen}>
        <summary>{title}</summary>
        <DataTable caption={title} categoryHeader={categoryHeader} labels={labels} series={series} />
      </details>
    </figure>
  );
}
