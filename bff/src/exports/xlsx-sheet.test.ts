import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { escapeXml, sheetWriter } from './xlsx-sheet';

/** The file written from these rows, in batches, read back by another library. */
async function roundTrip(headers: string[], rows: (string | Date | null)[][]) {
  const parts: Uint8Array[] = [];
  const sheet = sheetWriter(
    'Sheet & co',
    headers.map((header) => ({ header, width: 12 })),
    (bytes) => parts.push(bytes),
  );
  sheet.add(rows.slice(0, 1));
  sheet.add(rows.slice(1));
  sheet.end();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(parts) as never);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

describe('the streamed Excel sheet', () => {
  it('writes text as text, dates as dates, nothing for empty cells, past column Z', async () => {
    const headers = Array.from({ length: 30 }, (_, i) => `H${i + 1}`);
    const first: (string | Date | null)[] = headers.map((_, i) => (i === 27 ? 'AB text' : null));
    first[0] = '=1+1';
    first[1] = new Date('2027-01-15T11:00:00.000Z');
    first[2] = 'a < b & c > d "quoted" \u0007bell';
    const sheet = await roundTrip(headers, [first, headers.map(() => '')]);
    expect(sheet.name).toBe('Sheet & co');
    expect(sheet.getRow(1).getCell(30).value).toBe('H30');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe('=1+1');
    expect(row.getCell(1).formula).toBeUndefined();
    expect(row.getCell(2).value).toEqual(new Date('2027-01-15T11:00:00.000Z'));
    expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(3).value).toBe('a < b & c > d "quoted" bell');
    expect(row.getCell(4).value).toBeNull();
    expect(row.getCell(28).value).toBe('AB text');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getColumn(5).width).toBe(12);
  });

  it('escapes markup and drops what XML cannot hold', () => {
    expect(escapeXml('<a href="x">&</a>\u0000\u001f\t')).toBe('&lt;a href="x"&gt;&amp;&lt;/a&gt;\t');
    expect(escapeXml('日本語 😀')).toBe('日本語 😀');
  });
});
