import type { Lead } from '@evt/contracts/leads';
import { csvFile, csvLine, type SheetRows, xlsxFile } from '../../../lib/spreadsheet';

/** What a column needs from the page: its header's words and a role's name, in the page's language. */
export interface LeadFileTexts {
  headers: Record<
    | 'lastName'
    | 'firstNames'
    | 'organisation'
    | 'role'
    | 'email'
    | 'scannedAt'
    | 'scannedBy'
    | 'rating'
    | 'note',
    string
  >;
  role: (lead: Lead) => string;
}

/**
 * A stand's leads as a sheet: one row per lead (as the list shows them, newest first), the scan's moment
 * as a date the spreadsheet sorts, the rating as a number of stars out of five (empty when none).
 */
export function leadSheet(leads: readonly Lead[], texts: LeadFileTexts): SheetRows {
  const h = texts.headers;
  return [
    [h.lastName, h.firstNames, h.organisation, h.role, h.email, h.scannedAt, h.scannedBy, h.rating, h.note],
    ...leads.map((lead) => [
      lead.lastName,
      lead.firstNames,
      lead.organisation,
      texts.role(lead),
      lead.email,
      new Date(lead.scannedAt),
      lead.scannedBy,
      lead.rating === null ? null : String(lead.rating),
      lead.note,
    ]),
  ];
}

/** The CSV file: moments in ISO 8601 (a CSV has no dates), cells neutralised (lib/spreadsheet.ts). */
export const leadsCsv = (sheet: SheetRows): Blob =>
  csvFile(
    sheet.map((row) =>
      csvLine(row.map((cell) => (cell instanceof Date ? cell.toISOString() : (cell ?? '')))),
    ),
  );

export const leadsXlsx = (sheet: SheetRows): Promise<Blob> => xlsxFile(sheet);
