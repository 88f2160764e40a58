import type { FormDefinition, Widget } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { REGISTRATION_PAGE_MAX, type RegistrationRow } from '@evt/contracts/registrations';
import { nameKey } from '../../../lib/i18n/keys';
import { csvFile, csvLine, xlsxFile } from '../../../lib/spreadsheet';
import { TELEGRAM_FIELD } from './telegram';
import { fieldText, formatMoment, shownFields, type ValueContext } from './field-values';

export interface ExportColumn {
  header: string;
  value: (row: RegistrationRow) => string;
}

/** One page of the list route, as the export asks for it. */
export type FetchPage = (page: number, limit: number) => Promise<{ data: RegistrationRow[]; total: number }>;

/**
 * Every registration matching the list's filters, page by page through the same proxied list route (the
 * largest page the contract allows), each page handed on and dropped. A row that moved to the next page
 * while the export ran (a new registration) is given once.
 */
export async function forEachRegistrationPage(
  fetchPage: FetchPage,
  onPage: (rows: RegistrationRow[], done: number, total: number) => void,
  limit: number = REGISTRATION_PAGE_MAX,
): Promise<number> {
  const seen = new Set<number>();
  let done = 0;
  for (let page = 1; ; page++) {
    const { data, total } = await fetchPage(page, limit);
    const rows = data.filter((row) => !seen.has(row.id));
    for (const row of rows) seen.add(row.id);
    done += rows.length;
    onPage(rows, done, total);
    if (data.length < limit || page * limit >= total) return done;
  }
}

/**
 * The columns of an export: the form, status and dates, then every field the forms of the list ask for,
 * in the forms' order, headed by their labels; files by name and link.
 */
export function exportColumns(
  forms: Readonly<Partial<Record<RegistrationKind, FormDefinition>>>,
  ctx: ValueContext,
  fileLink: (url: string) => string,
): ExportColumn[] {
  const fixed: ExportColumn[] = [
    { header: ctx.t('registrationsAdmin.columns.kind'), value: (r) => ctx.t(nameKey.formTitle(r.kind)) },
    {
      header: ctx.t('registrationsAdmin.columns.status'),
      value: (r) => ctx.t(nameKey.option('registrationStatuses', r.status)),
    },
    {
      header: ctx.t('registrationsAdmin.columns.createdAt'),
      value: (r) => formatMoment(r.createdAt, ctx.locale),
    },
    { header: ctx.t('console.export.confirmedAt'), value: (r) => formatMoment(r.confirmedAt, ctx.locale) },
  ];
  const list = Object.values(forms).filter((f): f is FormDefinition => f !== undefined);
  const fields = shownFields(list).map<ExportColumn>((name) => ({
    // the Telegram preference under the list's own header rather than the form's question
    header: ctx.t(name === TELEGRAM_FIELD ? 'registrationsAdmin.columns.telegram' : nameKey.fieldLabel(name)),
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

/** The Excel file: the writer is loaded only when an organiser asks for one; cells are text, never formulas. */
export async function xlsxBlob(fetchPage: FetchPage, columns: readonly ExportColumn[], onProgress: Progress) {
  const sheet: string[][] = [columns.map((c) => c.header)];
  await forEachRegistrationPage(fetchPage, (rows, done, total) => {
    for (const row of rows) sheet.push(columns.map((c) => c.value(row)));
    onProgress(done, total);
  });
  return xlsxFile(sheet);
}
