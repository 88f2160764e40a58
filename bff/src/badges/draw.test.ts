// A long run of badges: what draw.ts trims from pdfkit's memory (the page tree's written pages, the words
// laid out) must leave a PDF that a reader opens, with every page, in order.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultBadgeModel } from '@evt/contracts/badges';
import { describe, expect, it } from 'vitest';
import { BadgeLayout, createBadgeDoc, drawBadge, faceOf } from './draw';

function drawMany(count: number): Promise<Buffer> {
  const doc = createBadgeDoc('many');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const layout = new BadgeLayout(doc);
  const models = { A6: defaultBadgeModel('A6'), A4x4: defaultBadgeModel('A4x4') };
  for (let i = 0; i < count; i += 1) {
    // runs of each size, so pages of both kinds alternate: 10 single badges, then 12 on three sheets
    const model = i % 22 < 10 ? models.A6 : models.A4x4;
    const locale = (['fr', 'en', 'ja'] as const)[i % 3] ?? 'fr';
    const person = {
      registrationId: i + 1,
      role: 'participant' as const,
      locale,
      lastName: locale === 'ja' ? `山田${i}` : `Dupont-Moretti ${i}`,
      firstNames: 'Jean',
      organisation: `Organisation ${i}`,
      country: 'FR',
    };
    drawBadge(doc, layout, model, faceOf(person, 'Salon 2027', `EVB1${String(i).padStart(48, '0')}`), null);
  }
  doc.end();
  return done;
}

describe('a long badge PDF', () => {
  it('opens with every page, past the point where written pages and laid-out words are let go', async () => {
    // 660 badges: 300 single pages and 90 sheets of four, 1,300 different words
    const pdf = await drawMany(660);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'badges-')), 'many.pdf');
    writeFileSync(file, pdf);
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info.stderr).toBe('');
    expect(info.stdout).toMatch(/^Pages:\s+390$/m);
    // the last page is an A4 sheet, the first an A6 badge: the page tree points at the right pages
    const sizes = spawnSync('pdfinfo', ['-f', '1', '-l', '390', file], { encoding: 'utf8' }).stdout;
    expect(sizes).toMatch(/^Page\s+1 size:\s+297\.6\d* x 419\.5\d* pts/m);
    expect(sizes).toMatch(/^Page\s+390 size:\s+595\.2\d* x 841\.8\d* pts/m);
  }, 60_000);
});
