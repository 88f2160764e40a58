import { CSV_BOM, csvLine } from '@evt/contracts/csv';
import { offsetMinutes } from '@evt/contracts/event-time-zone';
import type { ExportFormat } from '@evt/contracts/registration-exports';
import type { RegistrationRow } from '@evt/contracts/registrations';
import type { ExportColumn } from './columns';
import { sheetWriter } from './xlsx-sheet';

/**
 * An export's file, written as the rows come: `add` a batch, `take` the bytes written since the last take
 * (stored as a chunk), `end` once. Only one batch and its bytes are held at a time, whatever the file's size.
 */
export interface FileWriter {
  add(rows: readonly RegistrationRow[]): Promise<void>;
  end(): Promise<void>;
  take(): Buffer;
}

export function fileWriter(format: ExportFormat, columns: readonly ExportColumn[], timeZone: string) {
  return format === 'csv' ? csvWriter(columns) : xlsxWriter(columns, timeZone);
}

/** Bytes handed over by a writer, kept until taken. */
function collector() {
  let parts: Buffer[] = [];
  return {
    push: (bytes: Buffer) => void parts.push(bytes),
    take: () => {
      const bytes = Buffer.concat(parts);
      parts = [];
      return bytes;
    },
  };
}

/** CSV: a BOM (Excel reads UTF-8), the header, then a line per row (cells neutralised: contracts/src/csv.ts). */
function csvWriter(columns: readonly ExportColumn[]): FileWriter {
  const out = collector();
  out.push(Buffer.from(CSV_BOM + csvLine(columns.map((c) => c.header))));
  return {
    add: async (rows) => {
      let text = '';
      for (const row of rows) text += csvLine(columns.map((c) => c.value(row)));
      out.push(Buffer.from(text));
    },
    end: async () => {},
    take: out.take,
  };
}

const WIDTH = { min: 8, max: 50, date: 18 };

/**
 * Excel: one sheet written as the rows come (xlsx-sheet.ts). Cells are text or dates, never formulas; the
 * header is bold and stays in view. A column's width follows its header (the rows are not known when the
 * widths are written).
 */
function xlsxWriter(columns: readonly ExportColumn[], timeZone: string): FileWriter {
  const out = collector();
  const sheet = sheetWriter(
    'Registrations',
    columns.map((c) => ({
      header: c.header,
      width: c.moment ? WIDTH.date : Math.min(WIDTH.max, Math.max(WIDTH.min, c.header.length + 2)),
    })),
    (bytes) => out.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)),
  );
  const clock = wallClock(timeZone);
  return {
    add: async (rows) => {
      sheet.add(
        rows.map((row) =>
          columns.map((c) => {
            if (!c.moment) return c.value(row);
            const moment = c.moment(row);
            return moment ? clock(moment) : null;
          }),
        ),
      );
    },
    end: async () => sheet.end(),
    take: out.take,
  };
}

/**
 * Spreadsheets have no time zone: a moment is written as the organiser's clock showed it (a Date whose UTC
 * fields are the wall clock in `timeZone`). The zone's offset is computed once per hour of moments.
 */
export function wallClock(timeZone: string): (iso: string) => Date {
  const offsets = new Map<number, number>();
  return (iso) => {
    const ms = new Date(iso).getTime();
    const hour = Math.floor(ms / 3_600_000);
    let offset = offsets.get(hour);
    if (offset === undefined) {
      offset = offsetMinutes(new Date(hour * 3_600_000), timeZone) * 60_000;
      offsets.set(hour, offset);
    }
    return new Date(ms + offset);
  };
}
