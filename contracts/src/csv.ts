/**
 * CSV as every spreadsheet file of the product writes it (the server's registration exports, the web's
 * analytics reports): RFC 4180 lines, cells a spreadsheet would run as a formula neutralised.
 */

/**
 * Whether a spreadsheet would run the text as a formula: `=` or `@` first, a tab or CR first, or `+`/`-`
 * first followed by more than a number. A phone number (`+33 6 12 34 56 78`) or a negative amount is data,
 * not a formula, and is written as typed.
 */
export function runsAsFormula(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !/^[+-][\d ().]*$/.test(text);
}

/** A cell a spreadsheet would run as a formula starts with a quote. */
export function csvCell(text: string): string {
  const safe = runsAsFormula(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One RFC 4180 line, ending with CRLF. */
export const csvLine = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The BOM makes Excel read UTF-8 (accents, Japanese) correctly. */
export const CSV_BOM = '\uFEFF';
