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

/** Running totals over the union of days: a day without registrations keeps the last total. */
function cumulative(reports: readonly RegistrationReport[], days: readonly string[]) {
  return reports.map((r) => {
    let last = 0;
    return days.map((day) => {
      last = r.byDay.find((d) => d.date === day)?.cumulative ?? last;
      return last;
    });
  });
}

/**
 * The sections the page draws and exports, from the selected event's report and, when one is chosen,
 * the comparison's. Check-ins and B2B meetings appear only when a report holds them.
 */
export function reportSections(
  reports: readonly RegistrationReport[],
  t: TFunction,
  locale: Locale,
): ReportSection[] {
  const languages = new Intl.DisplayNames([locale], { type: 'language' });
  const unknown = t('analytics.unknown');
  const days = merge(
    reports.map((r) => r.byDay.map((d) => ({ key: d.date, count: d.count }))),
    (key) => key,
  );
  const sorted = [...days.labels].sort();
  const order = sorted.map((d) => days.labels.indexOf(d));
  const sections: ReportSection[] = [
    {
      id: 'perDay',
      title: t('analytics.sections.perDay'),
      kind: 'line',
      labels: sorted,
      values: days.values.map((v) => order.map((i) => v[i] ?? 0)),
    },
    {
      id: 'cumulative',
      title: t('analytics.sections.cumulative'),
      kind: 'line',
      labels: sorted,
      values: cumulative(reports, sorted),
    },
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
): string[][] {
  const title = t('analytics.summary.title');
  return [
    [t('analytics.export.section'), t('analytics.export.category'), ...eventNames],
    ...summaryRows(reports, t, locale).map((row) => [title, row.label, ...row.values]),
    ...reportSections(reports, t, locale).flatMap((section) =>
      section.labels.map((label, i) => [
        section.title,
        label,
        ...section.values.map((v) => String(v[i] ?? 0)),
      ]),
    ),
  ];
}
