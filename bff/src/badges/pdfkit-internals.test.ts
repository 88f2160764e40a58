// draw.ts reaches into three private parts of pdfkit to keep a long badge run's memory flat and to write
// progress marks. An upgrade that renames any of them would silently turn those repairs off: this test
// fails first, so the upgrade is looked at instead of shipped.
import { BADGE_PROGRESS_MARK, defaultBadgeModel } from '@evt/contracts/badges';
import { describe, expect, it } from 'vitest';
import { BadgeLayout, createBadgeDoc, drawBadge, faceOf, markProgress } from './draw';

type Internals = {
  _fontFamilies?: Record<string, { layoutCache?: Record<string, unknown> }>;
  _root: { data: { Pages: { data: { Kids: object[] } } } };
  _write?: unknown;
};

describe("pdfkit's private parts that draw.ts relies on", () => {
  it('are still there, and the trims still take effect', async () => {
    const doc = createBadgeDoc('internals');
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
    const layout = new BadgeLayout(doc);
    const model = defaultBadgeModel('A6');
    const internals = doc as unknown as Internals;
    expect(typeof internals._write).toBe('function');
    let largestCache = 0;
    for (let i = 0; i < 120; i += 1) {
      const person = {
        registrationId: i + 1,
        role: 'participant' as const,
        locale: 'fr' as const,
        // five new words on every badge: the layout cache grows unless it is emptied
        lastName: `Nom${i} Alpha${i} Beta${i}`,
        firstNames: `Prénom${i} Gamma${i}`,
        organisation: `Organisation ${i}`,
        country: 'FR',
      };
      drawBadge(doc, layout, model, faceOf(person, 'Salon', `EVB1${String(i).padStart(48, '0')}`), null);
      markProgress(doc, i + 1, 120);
      // the embedded Noto Sans JP fonts carry a layout cache (pdfkit's standard fonts do not)
      const cached = Object.values(internals._fontFamilies ?? {}).filter((font) => font.layoutCache);
      expect(cached.length).toBeGreaterThanOrEqual(2);
      for (const font of cached)
        largestCache = Math.max(largestCache, Object.keys(font.layoutCache ?? {}).length);
    }
    // emptied past 200 words (checked at each new page, plus at most one page's words)
    expect(largestCache).toBeLessThan(260);
    const kids = internals._root.data.Pages.data.Kids;
    expect(kids).toHaveLength(120);
    // every written page is reduced to its reference; the page being drawn keeps its dictionary
    expect(Object.keys(kids[0] as object).sort()).toEqual(['gen', 'id']);
    expect(Object.keys(kids[118] as object).sort()).toEqual(['gen', 'id']);
    expect(Object.keys(kids[119] as object)).toContain('data');
    doc.end();
    await ended;
    expect(Buffer.concat(chunks).includes(BADGE_PROGRESS_MARK)).toBe(true);
  }, 60_000);
});
