import type { RegistrationReport } from '@evt/contracts/analytics';
import { countryName } from '@evt/contracts/forms/countries';
import type { Locale } from '@evt/contracts/locale';
import type { TFunction } from 'i18next';
import type { ChartKind } from '../../../components/charts/chart-figure';
import { nameKey } from '../../../lib/i18n/keys';

/** One report section: a chart, its table and its lines in the export; a column per event shown. */
export interface ReportSection {
  id: string;
  title: string;
  kind: ChartKind;
  labels: string[];
  /** per event (the selected one, then the comparison), one figure per label */
  values: number[][];
  /** what the labels are, when more than a category (the days before the event) */
  axisTitle?: string;
}

/** A `YYYY-MM-DD` day in the reader's language (the shared date formatter, in UTC). */
export type DayFormatter = (day: string) => string;

const DAY_MS = 86_400_000;
/** Whole days from a registration day to the event's first day (both UTC days): 0 on it, negative after. */
export function daysBefore(day: string, startsOn: string): number {
  return Math.round((Date.parse(`${startsOn}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);
}

function daysBeforeLabel(days: number, t: TFunction): string {
  if (days === 0) return t('analytics.days.startDay');
  return days > 0 ? t('analytics.days.before', { count: days }) : t('analytics.days.after', { count: -days });
}

/**
 * Registrations per day and their running total. One event: its calendar days, in the reader's language.
 * Events compared: each day as its distance to that event's start, so that their runs line up.
 */
function timelineSections(
  reports: readonly RegistrationReport[],
  t: TFunction,
  formatDay: DayFormatter,
): ReportSection[] {
  const aligned = reports.length > 1;
  const keyOf = (r: RegistrationReport, day: string) => (aligned ? String(daysBefore(day, r.startsOn)) : day);
  const days = reports.map((r) => new Map(r.byDay.map((d) => [keyOf(r, d.date), d])));
  const keys = [...new Set(days.flatMap((m) => [...m.keys()]))].sort((a, b) =>
    aligned ? Number(b) - Number(a) : a.localeCompare(b),
  );
  const labels = keys.map((key) => (aligned ? daysBeforeLabel(Number(key), t) : formatDay(key)));
  const axisTitle = aligned ? t('analytics.days.axis') : undefined;
  // a day without registrations keeps the last running total
  const cumulative = days.map((m) => {
    let last = 0;
    return keys.map((key) => {
      last = m.get(key)?.cumulative ?? last;
      return last;
    });
  });
  return [
    {
      id: 'perDay',
      title: t('analytics.sections.perDay'),
      kind: 'line',
      labels,
      values: days.map((m) => keys.map((key) => m.get(key)?.count ?? 0)),
      ...(axisTitle ? { axisTitle } : {}),
    },
    {
      id: 'cumulative',
      title: t('analytics.sections.cumulative'),
      kind: 'line',
      labels,
      values: cumulative,
      ...(axisTitle ? { axisTitle } : {}),
    },
  ];
}

type Pairs = readonly { key: string; count: number }[];

/** The labels of every report (keys in first-seen order) and each report's figure for them (0 if absent). */
function merge(parts: readonly Pairs[], name: (key: string) => string) {
  const keys = [...new Set(parts.flatMap((p) => p.map((x) => x.key)))];
  return {
    labels: keys.map(name),
    values: parts.map((p) => keys.map((k) => p.find((x) => x.key === k)?.count ?? 0)),
  };
}

/**
 * The sections the page draws and exports, from the selected event's report and, when one is chosen,
 * the comparison's. Check-ins and B2B meetings appear only when a report holds them.
 */
export function reportSections(
  reports: readonly RegistrationReport[],
  t: TFunction,
  locale: Locale,
  formatDay: DayFormatter,
): ReportSection[] {
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  const unknown = t('analytics.unknown');
  const sections: ReportSection[] = [
    ...timelineSections(reports, t, formatDay),
    {
      id: 'byKind',
      title: t('analytics.sections.byKind'),
      kind: 'bar',
      ...merge(
        reports.map((r) => r.byKind),
        (key) => t(nameKey.formTitle(key)),
      ),
    },
    {
      id: 'byStatus',
      title: t('analytics.sections.byStatus'),
      kind: 'bar',
      labels: [
        t(nameKey.option('registrationStatuses', 'pending')),
        t(nameKey.option('registrationStatuses', 'confirmed')),
      ],
      values: reports.map((r) => [r.pending, r.confirmed]),
    },
    {
      id: 'byCountry',
      title: t('analytics.sections.byCountry'),
      kind: 'bar',
      ...merge(
        reports.map((r) => r.byCountry),
        (key) => (/^[A-Z]{2}$/.test(key) ? countryName(key, locale) : unknown),
      ),
    },
    {
      id: 'byLanguage',
      title: t('analytics.sections.byLanguage'),
      kind: 'bar',
      ...merge(
        reports.map((r) => r.byLanguage),
        (key) => (key ? (languages.of(key) ?? key) : unknown),
      ),
    },
  ];
  if (reports.some((r) => r.checkIns)) sections.push(...checkInSections(reports, t, locale));
  if (reports.some((r) => r.b2bMeetings)) {
    sections.push({
      id: 'b2bMeetings',
      title: t('analytics.sections.b2bMeetingStages'),
      kind: 'bar',
      labels: [t('analytics.b2b.requested'), t('analytics.b2b.scheduled'), t('analytics.b2b.held')],
      values: reports.map((r) => {
        const m = r.b2bMeetings;
        return m ? [m.requested, m.scheduled, m.held] : [0, 0, 0];
      }),
    });
  }
  return sections;
}

/**
 * Check-ins per hour (the upstream's UTC hours, shown in the viewer's time zone, in order) and per role.
 * A report without check-ins counts zero in each.
 */
function checkInSections(
  reports: readonly RegistrationReport[],
  t: TFunction,
  locale: Locale,
): ReportSection[] {
  const hourText = new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const hours = merge(
    reports.map((r) => (r.checkIns?.byHour ?? []).map((h) => ({ key: h.hour, count: h.count }))),
    (key) => key,
  );
  const sorted = [...hours.labels].sort();
  const order = sorted.map((h) => hours.labels.indexOf(h));
  return [
    {
      id: 'checkInsByHour',
      title: t('analytics.sections.checkInsByHour'),
      kind: 'bar',
      labels: sorted.map((hour) => hourText.format(new Date(hour))),
      values: hours.values.map((v) => order.map((i) => v[i] ?? 0)),
    },
    {
      id: 'checkInsByKind',
      title: t('analytics.sections.checkInsByKind'),
      kind: 'bar',
      ...merge(
        reports.map((r) => r.checkIns?.byKind ?? []),
        (key) => t(nameKey.formTitle(key)),
      ),
    },
  ];
}

/** The summary lines: totals and the confirmation rate (as a percentage in the page's language). */
export function summaryRows(reports: readonly RegistrationReport[], t: TFunction, locale: Locale) {
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  return [
    { label: t('analytics.summary.total'), values: reports.map((r) => String(r.total)) },
    { label: t('analytics.summary.confirmed'), values: reports.map((r) => String(r.confirmed)) },
    { label: t('analytics.summary.pending'), values: reports.map((r) => String(r.pending)) },
    {
      label: t('analytics.summary.rate'),
      values: reports.map((r) => (r.confirmationRate === null ? '—' : percent.format(r.confirmationRate))),
    },
    ...(reports.some((r) => r.checkIns)
      ? [
          {
            label: t('analytics.summary.checkedIn'),
            values: reports.map((r) => String(r.checkIns?.total ?? 0)),
          },
        ]
      : []),
  ];
}

/** The report as spreadsheet rows: section, category, then one column per event. */
export function exportRows(
  reports: readonly RegistrationReport[],
  eventNames: readonly string[],
  t: TFunction,
  locale: Locale,
  formatDay: DayFormatter,
): string[][] {
  const title = t('analytics.summary.title');
  return [
    [t('analytics.export.section'), t('analytics.export.category'), ...eventNames],
    ...summaryRows(reports, t, locale).map((row) => [title, row.label, ...row.values]),
    ...reportSections(reports, t, locale, formatDay).flatMap((section) =>
      section.labels.map((label, i) => [
        section.title,
        label,
        ...section.values.map((v) => String(v[i] ?? 0)),
      ]),
    ),
  ];
}
