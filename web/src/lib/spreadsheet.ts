import { CSV_BOM } from '@evt/contracts/csv';

/**
 * Spreadsheet files made in the browser (analytics reports; registration exports are the server's):
 * CSV with formula neutralising (contracts/src/csv.ts), Excel through write-excel-file loaded on demand,
 * and the download itself.
 */

export { csvCell, csvLine, runsAsFormula } from '@evt/contracts/csv';

/** The BOM makes Excel read UTF-8 (accents, Japanese) correctly. */
export const csvFile = (parts: readonly string[]): Blob =>
  new Blob([CSV_BOM, ...parts], { type: 'text/csv;charset=utf-8' });

/** A sheet's cell: text, or a moment written as a date the spreadsheet sorts and filters; null is empty. */
export type SheetCell = string | Date | null;
/** A sheet's rows: the first one is the header, written bold and kept in view while scrolling. */
export type SheetRows = readonly (readonly SheetCell[])[];

const DATE_FORMAT = 'yyyy-mm-dd hh:mm';
const WIDTH = { min: 8, max: 50 };

/** Spreadsheets have no time zone: a moment is written as the organiser's clock showed it. */
const wallClock = (moment: Date) => new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000);

/** Each column as wide as its longest line (in characters), within bounds. */
export function columnWidths(rows: SheetRows): { width: number }[] {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => {
      const text = cell instanceof Date ? DATE_FORMAT : (cell ?? '');
      const longest = Math.max(0, ...text.split('\n').map((line) => line.length));
      widths[i] = Math.max(widths[i] ?? 0, longest + 2);
    });
  return Array.from(widths, (w) => ({ width: Math.min(WIDTH.max, Math.max(WIDTH.min, w ?? 0)) }));
}

/** The Excel file: the writer is loaded only when asked for; cells are text or dates, never formulas. */
export async function xlsxFile(rows: SheetRows): Promise<Blob> {
  const sheet = rows.map((row, index) =>
    row.map((value) => {
      if (index === 0) return { value: String(value ?? ''), fontWeight: 'bold' as const };
      if (value instanceof Date) return { value: wallClock(value), type: Date, format: DATE_FORMAT };
      return value === null ? {} : { value };
    }),
  );
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  return writeExcelFile(sheet, { columns: columnWidths(rows), stickyRowsCount: 1 }).toBlob();
}

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
