import { strToU8, Zip, ZipDeflate } from 'fflate';

/**
 * One sheet of an Excel file written as it comes: the sheet's XML made as text row by row and deflated
 * into the zip by fflate's streaming `Zip` (the library the upstream's personal-data zip uses), the bytes
 * handed to `emit` as they are made. What a spreadsheet needs and nothing more: inline strings (no
 * shared-strings table held in memory), dates as serial numbers with a date format, a bold header kept in
 * view, column widths. docs/decisions/registration.md ("Exports") says why not ExcelJS's writer.
 */
export interface SheetColumn {
  header: string;
  width: number;
}

/** A cell: text (never a formula), a moment already on the reader's clock, or nothing. */
export type SheetValue = string | Date | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const PARTS: Record<string, string> = {
  '[Content_Types].xml': `${HEAD}<Types xmlns="${PKG}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${HEAD}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  // styles: 0 plain, 1 bold (the header), 2 a date and time
  'xl/styles.xml': `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`,
};
const workbook = (name: string) =>
  `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** Text as XML character data: markup escaped, characters XML 1.0 cannot hold dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** `A`, `B`, … `Z`, `AA`: a column's letters. */
function letters(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 1899-12-30, the spreadsheet's serial date (the Date's UTC fields are the wall clock). */
const serial = (moment: Date) => moment.getTime() / 86_400_000 + 25_569;

export function sheetWriter(
  name: string,
  columns: readonly SheetColumn[],
  emit: (bytes: Uint8Array) => void,
) {
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    emit(chunk);
  });
  for (const [path, text] of [...Object.entries(PARTS), ['xl/workbook.xml', workbook(name)]]) {
    const part = new ZipDeflate(path as string, { level: 6 });
    zip.add(part);
    part.push(strToU8(text as string), true);
  }
  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 1 });
  zip.add(sheet);
  const refs = columns.map((_, i) => letters(i));
  let rowNumber = 0;
  const row = (values: readonly SheetValue[], style = 0) => {
    rowNumber += 1;
    let xml = `<row r="${rowNumber}">`;
    values.forEach((value, i) => {
      if (value === null || value === '') return;
      const ref = `${refs[i]}${rowNumber}`;
      xml +=
        value instanceof Date
          ? `<c r="${ref}" s="2"><v>${serial(value)}</v></c>`
          : `<c r="${ref}"${style ? ` s="${style}"` : ''} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
    });
    return `${xml}</row>`;
  };
  const cols = columns.map(
    (c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`,
  );
  sheet.push(
    strToU8(
      `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols.join('')}</cols><sheetData>${row(
        columns.map((c) => c.header),
        1,
      )}`,
    ),
  );
  return {
    /** rows of cells, in the columns' order */
    add(rows: readonly (readonly SheetValue[])[]) {
      let xml = '';
      for (const values of rows) xml += row(values);
      sheet.push(strToU8(xml));
    },
    end() {
      sheet.push(strToU8('</sheetData></worksheet>'), true);
      zip.end();
    },
  };
}
