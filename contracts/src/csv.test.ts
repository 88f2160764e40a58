import { describe, expect, it } from 'vitest';
import { csvCell, runsAsFormula } from './csv';

describe('CSV cells', () => {
  it('neutralises cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    for (const formula of ['+A1', '-A1', '+1+1', '-2*3', '@SUM(A1)', '=1', '+cmd|" /C calc"!A0'])
      expect(runsAsFormula(formula)).toBe(true);
    expect(csvCell('=A1,B1')).toBe(`"'=A1,B1"`);
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it('writes phone numbers and plain numbers as typed, without the guard', () => {
    for (const data of ['+33 6 12 34 56 78', '+225 0102030405', '-12.5', '+1 (555) 010 0199', '-'])
      expect([data, runsAsFormula(data), csvCell(data)]).toEqual([data, false, data]);
  });
});
