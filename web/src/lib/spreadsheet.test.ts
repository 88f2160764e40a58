import { describe, expect, it } from 'vitest';
import { columnWidths } from './spreadsheet';

describe("the browser's spreadsheets (analytics reports)", () => {
  it('sizes each Excel column to its longest cell, within bounds', () => {
    const widths = columnWidths([
      ['No.', 'A rather long header for a column'],
      ['1', 'x'.repeat(200)],
      [new Date(), null],
    ]);
    expect(widths).toEqual([{ width: 18 }, { width: 50 }]);
  });
});
