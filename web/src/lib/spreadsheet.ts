/**
 * Spreadsheet files made in the browser (registration exports, analytics reports): CSV with formula
 * neutralising, Excel through write-excel-file loaded on demand, and the download itself.
 */

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) starts with a quote. */
export function csvCell(text: string): string {
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One RFC 4180 line, ending with CRLF. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The BOM makes Excel read UTF-8 (accents, Japanese) correctly. */
export const csvFile = (parts: readonly string[]): Blob =>
  new Blob(['\uFEFF', ...parts], { type: 'text/csv;charset=utf-8' });

/** A sheet's rows: the first one is the header, written bold. */
export type SheetRows = readonly (readonly string[])[];

/** The Excel file: the writer is loaded only when asked for; cells are text, never formulas. */
export async function xlsxFile(rows: SheetRows): Promise<Blob> {
  const sheet = rows.map((row, index) =>
    row.map((value) => (index === 0 ? { value, fontWeight: 'bold' as const } : { value })),
  );
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  return writeExcelFile(sheet).toBlob();
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
