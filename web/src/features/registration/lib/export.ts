import type { RegistrationRow } from '@evt/contracts/registrations';

export interface ExportColumn {
  header: string;
  value: (row: RegistrationRow) => string;
}

/** RFC 4180 CSV; cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsv(rows: readonly RegistrationRow[], columns: readonly ExportColumn[]): string {
  const cell = (text: string) => {
    const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
    return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(','));
  // BOM: Excel opens UTF-8 CSV with accents and Japanese correctly only with it
  return `\uFEFF${lines.join('\r\n')}\r\n`;
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

/** The Excel writer is loaded only when an organiser asks for an Excel file. */
export async function toXlsx(
  rows: readonly RegistrationRow[],
  columns: readonly ExportColumn[],
  fileName: string,
): Promise<void> {
  const { default: writeExcelFile } = await import('write-excel-file/browser');
  const data = [
    columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })),
    ...rows.map((row) => columns.map((c) => ({ value: c.value(row) }))),
  ];
  await writeExcelFile(data).toFile(fileName);
}
