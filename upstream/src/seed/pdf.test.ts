import { describe, expect, it } from 'vitest';
import { encodePdf } from './pdf';

describe('the seeded documents’ PDF', () => {
  it('has a cross-reference entry at each object, and the text escaped and in Latin-1', () => {
    const pdf = encodePdf('Plan (hall A)', ['Stands A01 à A24', 'a \\ b']);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n/.exec(text)?.[1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const entries = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries).toHaveLength(5);
    expect(entries.map((offset) => /^\d+/.exec(text.slice(offset))?.[0])).toEqual(['1', '2', '3', '4', '5']);
    for (const offset of entries) expect(text.slice(offset)).toMatch(/^\d+ 0 obj\n/);
    const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
    const start = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(start + length, start + length + 10)).toBe('\nendstream');
    expect(text).toContain('(Plan \\(hall A\\)) Tj');
    expect(text).toContain('(a \\\\ b)');
    expect(pdf.includes(Buffer.from('à', 'latin1'))).toBe(true);
  });
});
