import { languageName } from '@evt/contracts/forms/countries';
import type { FormDefinition, Widget } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { REGISTRATION_EXPORT_BATCH_MAX, type RegistrationRow } from '@evt/contracts/registrations';
import { nameKey } from '../../../lib/i18n/keys';
import { csvFile, csvLine, type SheetCell, xlsxFile } from '../../../lib/spreadsheet';
import { TELEGRAM_FIELD } from './telegram';
import { fieldLabel, fieldText, formatMoment, shownFields, type ValueContext } from './field-values';

export interface ExportColumn {
  header: string;
  /** the cell as text (the CSV, and the Excel file unless `moment` is given) */
  value: (row: RegistrationRow) => string;
  /** a moment, written in the Excel file as a date it sorts and filters */
  moment?: (row: RegistrationRow) => string | null;
}

/** What the list shows from the row itself (its own columns), so a form's fields do not repeat it. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['lastName', 'firstNames', 'email']);

/**
 * One page of the export's read of the list: the rows after `after`, or, from an upstream that gives no
 * cursors, page number `page`.
 */
export type FetchPage = (
  at: { after?: string; page: number },
  limit: number,
) => Promise<{ data: RegistrationRow[]; total: number; nextCursor?: string | null }>;

/**
 * Every registration matching the list's filters, page by page (the largest page the contract allows),
 * each page found from the previous page's last row (the answer's cursor: the server reads the next rows
 * through its index, so the last page costs what the first does), handed on and dropped. A row added
 * while the export runs comes once, in its place in the order, or not at all.
 */
export async function forEachRegistrationPage(
  fetchPage: FetchPage,
  onPage: (rows: RegistrationRow[], done: number, total: number) => void,
  limit: number = REGISTRATION_EXPORT_BATCH_MAX,
): Promise<number> {
  // by page number (an upstream without cursors), a row pushed to the next page by a new one comes once
  const seen = new Set<number>();
  let done = 0;
  let after: string | undefined;
  for (let page = 1; ; page++) {
    const { data, total, nextCursor } = await fetchPage(
      after === undefined ? { page } : { after, page },
      limit,
    );
    const rows = nextCursor === undefined ? data.filter((row) => !seen.has(row.id)) : data;
    if (nextCursor === undefined) for (const row of rows) seen.add(row.id);
    done += rows.length;
    onPage(rows, done, Math.max(total, done));
    if (data.length === 0 || nextCursor === null) return done;
    if (nextCursor === undefined && (data.length < limit || page * limit >= total)) return done;
    after = nextCursor ?? undefined;
  }
}

/**
 * The columns of an export: what the list shows (number, form, status, language, names, e-mail, dates),
 * read from the row as the list reads it, whatever form version the person answered; then every other
 * field the forms of the list ask for, in the forms' order, headed by their labels; files by name and link.
 */
export function exportColumns(
  forms: Readonly<Partial<Record<RegistrationKind, FormDefinition>>>,
  ctx: ValueContext,
  fileLink: (url: string) => string,
): ExportColumn[] {
  const fixed: ExportColumn[] = [
    { header: ctx.t('console.export.id'), value: (r) => String(r.id) },
    { header: ctx.t('registrationsAdmin.columns.kind'), value: (r) => ctx.t(nameKey.formTitle(r.kind)) },
    {
      header: ctx.t('registrationsAdmin.columns.status'),
      value: (r) => ctx.t(nameKey.option('registrationStatuses', r.status)),
    },
    // a form's waiting list: the place of a waiting person, the deadline of a promoted one
    {
      header: ctx.t('registrationsAdmin.waitlist.placeColumn'),
      value: (r) => (r.status === 'waitlisted' && r.waitlistPlace ? String(r.waitlistPlace) : ''),
    },
    {
      header: ctx.t('registrationsAdmin.waitlist.confirmByColumn'),
      value: (r) => (r.status === 'promoted' ? formatMoment(r.confirmBy ?? null, ctx.locale) : ''),
      moment: (r) => (r.status === 'promoted' ? (r.confirmBy ?? null) : null),
    },
    {
      header: ctx.t('console.registrationDetail.submittedIn'),
      value: (r) => languageName(r.locale, ctx.locale),
    },
    { header: ctx.t('registrationsAdmin.columns.lastName'), value: (r) => r.lastName },
    { header: ctx.t('registrationsAdmin.columns.firstNames'), value: (r) => r.firstNames },
    { header: ctx.t('registrationsAdmin.columns.email'), value: (r) => r.email },
    {
      header: ctx.t('registrationsAdmin.columns.createdAt'),
      value: (r) => formatMoment(r.createdAt, ctx.locale),
      moment: (r) => r.createdAt,
    },
    {
      header: ctx.t('console.export.confirmedAt'),
      value: (r) => formatMoment(r.confirmedAt, ctx.locale),
      moment: (r) => r.confirmedAt,
    },
  ];
  const list = Object.values(forms).filter((f): f is FormDefinition => f !== undefined);
  const named = shownFields(list).filter((name) => !ROW_FIELDS.has(name));
  const fields = named.map<ExportColumn>((name) => ({
    // the Telegram preference under the list's own header rather than the form's question
    header:
      name === TELEGRAM_FIELD
        ? ctx.t('registrationsAdmin.columns.telegram')
        : fieldLabel(list.find((form) => name in form.widgets) ?? (list[0] as FormDefinition), name, ctx),
    value: (row) => {
      const form = forms[row.kind];
      if (!form) return '';
      const widget = (form.widgets as Readonly<Record<string, Widget>>)[name];
      if (widget?.type !== 'file') return fieldText(form, name, row, ctx);
      return row.files
        .filter((file) => file.field === name)
        .map((file) => `${file.name} (${fileLink(file.url)})`)
        .join(', ');
    },
  }));
  return [...fixed, ...fields];
}

/** RFC 4180 lines, each ending with CRLF (cells neutralised, lib/spreadsheet.ts). */
export const csvLines = (rows: readonly RegistrationRow[], columns: readonly ExportColumn[]): string =>
  rows.map((row) => csvLine(columns.map((c) => c.value(row)))).join('');

/** The CSV file, written page by page: each page becomes one string part of the Blob and its rows are dropped. */
export async function csvBlob(fetchPage: FetchPage, columns: readonly ExportColumn[], onProgress: Progress) {
  const parts: string[] = [csvLine(columns.map((c) => c.header))];
  await forEachRegistrationPage(fetchPage, (rows, done, total) => {
    parts.push(csvLines(rows, columns));
    onProgress(done, total);
  });
  return csvFile(parts);
}

export type Progress = (done: number, total: number) => void;

/** One row of the Excel file: moments as dates, the rest as text. */
export const sheetRow = (row: RegistrationRow, columns: readonly ExportColumn[]): SheetCell[] =>
  columns.map((c) => {
    if (!c.moment) return c.value(row);
    const moment = c.moment(row);
    return moment ? new Date(moment) : null;
  });

/**
 * The Excel file: the writer is loaded only when an organiser asks for one; cells are text or dates,
 * never formulas; the header stays in view and each column is as wide as its content.
 */
export async function xlsxBlob(fetchPage: FetchPage, columns: readonly ExportColumn[], onProgress: Progress) {
  return xlsxFile(await xlsxSheet(fetchPage, columns, onProgress));
}

/** The Excel file's cells: the header, then a row per registration (what the writer is given). */
export async function xlsxSheet(
  fetchPage: FetchPage,
  columns: readonly ExportColumn[],
  onProgress: Progress,
): Promise<SheetCell[][]> {
  const sheet: SheetCell[][] = [columns.map((c) => c.header)];
  await forEachRegistrationPage(fetchPage, (rows, done, total) => {
    for (const row of rows) sheet.push(sheetRow(row, columns));
    onProgress(done, total);
  });
  return sheet;
}
