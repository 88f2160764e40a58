import '../analytics.css';
import type { ReportQuery } from '@evt/contracts/analytics';
import { REGISTRATION_KINDS } from '@evt/contracts/forms/kinds';
import { msg } from '@evt/contracts/validation';
import { useMemo, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { ChartFigure } from '../../../components/charts/chart-figure';
import { EventLayout } from '../../../components/layout/event-layout';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FieldShell } from '../../../components/ui/form';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { nameKey } from '../../../lib/i18n/keys';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { useEvent, useOrganizationEvents } from '../../../lib/queries/event';
import { useSession } from '../../../lib/session/me';
import { csvFile, csvLine, download, xlsxFile } from '../../../lib/spreadsheet';
import { useRegistrationReport } from '../api/reports';
import { exportRows, reportSections, summaryRows } from '../lib/report-sections';
import { ScrollTable } from '../../../components/ui/scroll-table';

type Filters = { from: string; to: string; kind: string; compare: string };

function FilterBar({
  filters,
  onChange,
  events,
  eventId,
  error,
}: {
  filters: Filters;
  onChange: (next: Filters) => void;
  events: readonly { id: number; name: string }[];
  eventId: number;
  error: boolean;
}) {
  const { t } = useTranslation();
  const set = (name: keyof Filters) => (e: { target: { value: string } }) =>
    onChange({ ...filters, [name]: e.target.value });
  const choices = {
    kind: [
      { value: '', label: t('analytics.filters.allKinds') },
      ...REGISTRATION_KINDS.map((kind) => ({ value: kind, label: t(nameKey.formTitle(kind)) })),
    ],
    compare: [
      { value: '', label: t('analytics.filters.noComparison') },
      ...events.filter((e) => e.id !== eventId).map((e) => ({ value: String(e.id), label: e.name })),
    ],
  };
  const date = (name: 'from' | 'to', invalid?: FieldError) => (
    <FieldShell label={t(`analytics.filters.${name}`)} error={invalid}>
      {({ inputId, describedBy, invalid: bad }) => (
        <input
          id={inputId}
          className="input"
          type="date"
          value={filters[name]}
          onChange={set(name)}
          aria-invalid={bad}
          aria-describedby={describedBy}
        />
      )}
    </FieldShell>
  );
  const select = (name: 'kind' | 'compare') => (
    <FieldShell label={t(`analytics.filters.${name}`)}>
      {({ inputId }) => (
        <select id={inputId} className="input select" value={filters[name]} onChange={set(name)}>
          {choices[name].map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
  return (
    <form
      className="card form report-filters"
      aria-label={t('analytics.filters.title')}
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="report-filters__grid">
        {date('from')}
        {date('to', error ? { type: 'validate', message: msg.dateOrder } : undefined)}
        {select('kind')}
        {select('compare')}
      </div>
    </form>
  );
}

/**
 * `/analytics/reports`, the address before the event was named in it: the selected event's report, at its
 * own address (old links and bookmarks keep working); without a selected event, the way to choose one.
 */
export function Component() {
  const lp = useLocalePath();
  const { selection } = useSession();
  if (selection.eventId !== null)
    return <Navigate replace to={lp(`/analytics/reports-${selection.eventId}`)} />;
  return <ReportsPage eventId={null} />;
}

/** `/analytics/reports-{eventId}`: the event's registrations report, compared with another event if asked. */
export function ReportsPage({ eventId }: { eventId: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const event = useEvent(eventId);
  const events = useOrganizationEvents(event.data?.organizationId ?? null);
  const [filters, setFilters] = useState<Filters>({ from: '', to: '', kind: '', compare: '' });
  useDocumentTitle(t('analytics.title'));

  const badPeriod = Boolean(filters.from && filters.to && filters.from > filters.to);
  const query: ReportQuery = {
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.kind ? { kind: filters.kind as ReportQuery['kind'] } : {}),
  };
  const compareId = filters.compare ? Number(filters.compare) : null;
  const main = useRegistrationReport(eventId, query, !badPeriod);
  const other = useRegistrationReport(compareId, query, !badPeriod && compareId !== null);
  const compareEvent = events.data?.find((e) => e.id === compareId);

  const reports = useMemo(
    () => (main.data ? (compareId !== null && other.data ? [main.data, other.data] : [main.data]) : []),
    [main.data, other.data, compareId],
  );
  const names = [event.data?.name ?? '', ...(reports.length > 1 ? [compareEvent?.name ?? ''] : [])];
  const formatDay = useDateFormatter({ dateStyle: 'medium', timeZone: 'UTC' });
  const sections = useMemo(
    () => reportSections(reports, t, locale, formatDay),
    [reports, t, locale, formatDay],
  );
  const summary = summaryRows(reports, t, locale);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const rows = exportRows(reports, names, t, locale, formatDay);
      const blob = format === 'csv' ? csvFile(rows.map(csvLine)) : await xlsxFile(rows);
      download(blob, `${t('analytics.export.fileName')}-${eventId}.${format}`);
    } finally {
      setExporting(null);
    }
  };

  return (
    <EventLayout event={event.data}>
      <div className="page reports">
        <h1>{t('analytics.title')}</h1>
        {eventId === null ? (
          <p>
            <Link to={lp('/events')}>{t('analytics.chooseEvent')}</Link>
          </p>
        ) : (
          <>
            <FilterBar
              filters={filters}
              onChange={setFilters}
              events={events.data ?? []}
              eventId={eventId}
              error={badPeriod}
            />
            <ErrorAlert error={event.error ?? main.error ?? other.error} />
            {main.isPending && !badPeriod ? <PageSpinner /> : null}
            {reports.length > 0 ? (
              <section aria-labelledby="report-registrations">
                <div className="page__header">
                  <h2 id="report-registrations">{t('analytics.reports.registrations')}</h2>
                  <div className="form__row">
                    <Button
                      variant="secondary"
                      busy={exporting === 'csv'}
                      onClick={() => void exportAs('csv')}
                    >
                      {t('analytics.export.csv')}
                    </Button>
                    <Button
                      variant="secondary"
                      busy={exporting === 'xlsx'}
                      onClick={() => void exportAs('xlsx')}
                    >
                      {t('analytics.export.xlsx')}
                    </Button>
                  </div>
                </div>
                <ScrollTable
                  caption={t('analytics.summary.title')}
                  className="table table--compact report-summary"
                >
                  <thead>
                    <tr>
                      <th scope="col">{t('analytics.export.category')}</th>
                      {names.map((name) => (
                        <th key={name} scope="col">
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {summary.map((row) => (
                      <tr key={row.label}>
                        <th scope="row">{row.label}</th>
                        {row.values.map((v, i) => (
                          <td key={names[i] ?? i}>{v}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </ScrollTable>
                {reports[0]?.total === 0 ? <Alert>{t('analytics.empty')}</Alert> : null}
                <div className="charts">
                  {sections.map((section) => (
                    <ChartFigure
                      key={section.id}
                      title={section.title}
                      kind={section.kind}
                      labels={section.labels}
                      series={section.values.map((values, i) => ({ label: names[i] ?? '', values }))}
                      categoryHeader={section.axisTitle ?? t('analytics.export.category')}
                      {...(section.axisTitle ? { axisTitle: section.axisTitle } : {})}
                      tableOpen
                    />
                  ))}
                </div>
                {reports.every((r) => r.checkIns === null) ? (
                  <p className="field__hint">{t('analytics.noCheckIns')}</p>
                ) : null}
                {reports.every((r) => r.b2bMeetings === null) ? (
                  <p className="field__hint">{t('analytics.noB2b')}</p>
                ) : null}
              </section>
            ) : null}
          </>
        )}
      </div>
    </EventLayout>
  );
}
