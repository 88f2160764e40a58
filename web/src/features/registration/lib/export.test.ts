import { form as participant } from '@evt/contracts/forms/participant';
import { customQuestion, questionField, withQuestions } from '@evt/contracts/forms/questions';
import { form as receptionist } from '@evt/contracts/forms/receptionist';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { englishText } from '../../../test/english';
import { describe, expect, it, vi } from 'vitest';
import en from '../../../../../locales/en.json';
import { columnWidths, csvCell, runsAsFormula } from '../../../lib/spreadsheet';
import {
  csvBlob,
  exportColumns,
  type FetchPage,
  forEachRegistrationPage,
  sheetRow,
  xlsxSheet,
} from './export';

const ctx = { t: englishText, locale: 'en' as const, yes: 'Yes', no: 'No' };

const row = (id: number, over: Partial<RegistrationRow> = {}): RegistrationRow => ({
  id,
  eventId: 1,
  kind: 'participant',
  status: 'confirmed',
  lastName: `Name${id}`,
  firstNames: 'Awa',
  email: `p${id}@example.test`,
  locale: 'fr',
  createdAt: '2027-03-01T10:00:00.000Z',
  confirmedAt: null,
  data: {
    lastName: `Name${id}`,
    firstNames: 'Awa',
    email: `p${id}@example.test`,
    dialCode: '+225',
    phone: '0102030405',
    countryOfResidence: 'CI',
    occupation: '=HYPERLINK("http://evil.test")',
    participantType: 'company',
    organizationName: 'Agro SA',
    sector: 'agriculture_agroindustry',
    motivation: '',
    b2bInterest: true,
    telegramNotifications: false,
  },
  files: [],
  ...over,
});

/** A list of `total` registrations served `limit` at a time after a cursor (the last id), as the route does. */
const pages = (total: number): FetchPage =>
  vi.fn(async ({ after }: { after?: string; page: number }, limit: number) => {
    const from = after === undefined ? 0 : Number(after);
    const count = Math.max(0, Math.min(limit, total - from));
    return {
      data: Array.from({ length: count }, (_, i) => row(from + i + 1)),
      total,
      nextCursor: from + count < total ? String(from + count) : null,
    };
  });

describe('the export of a registration list', () => {
  it('asks for every page, not the one on screen', async () => {
    const fetchPage = pages(24);
    const seen: number[] = [];
    const done = await forEachRegistrationPage(fetchPage, (rows) => seen.push(...rows.map((r) => r.id)), 10);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(done).toBe(24);
    expect(seen).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('asks by page number an upstream that gives no cursors, each row once', async () => {
    const byNumber: FetchPage = vi.fn(async ({ page }: { after?: string; page: number }, limit: number) => ({
      data: Array.from({ length: Math.max(0, Math.min(limit, 24 - (page - 1) * limit)) }, (_, i) =>
        row((page - 1) * limit + i + 1),
      ),
      total: 24,
    }));
    const seen: number[] = [];
    expect(await forEachRegistrationPage(byNumber, (rows) => seen.push(...rows.map((r) => r.id)), 10)).toBe(
      24,
    );
    expect(byNumber).toHaveBeenCalledTimes(3);
    expect(seen).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
  });

  it('heads the columns with the labels and writes codes as their labels, the phone with its dial code', () => {
    const columns = exportColumns({ participant }, ctx, (url) => `https://host/api${url}`);
    const headers = columns.map((c) => c.header);
    expect(headers).toContain('Sector of activity');
    expect(headers).toContain('Phone');
    expect(headers).not.toContain(en.forms.fields.dialCode.label);
    const cell = (header: string) => columns.find((c) => c.header === header)?.value(row(1));
    expect(cell('Sector of activity')).toBe('Agriculture and agri-food');
    expect(cell('Phone')).toBe('+225 0102030405');
    expect(cell(en.forms.fields.countryOfResidence.label)).toBe('Côte d’Ivoire');
    expect(cell(en.forms.fields.b2bInterest.label)).toBe('Yes');
    expect(cell('Status')).toBe('Confirmed');
    expect(cell('Form')).toBe('Participant registration');
  });

  it('writes the Telegram preference under its own localised header, in the CSV and the Excel file', async () => {
    const columns = exportColumns({ participant, receptionist }, ctx, (url) => url);
    const headers = columns.map((c) => c.header);
    expect(headers).toContain(en.registrationsAdmin.columns.telegram);
    expect(headers).not.toContain(en.forms.fields.telegramNotifications.label);
    const telegram = columns.find((c) => c.header === en.registrationsAdmin.columns.telegram);
    expect(telegram?.value(row(1, { data: { ...row(1).data, telegramNotifications: true } }))).toBe('Yes');
    expect(telegram?.value(row(1))).toBe('No');
    // a form that does not ask: nothing, not "no"
    expect(telegram?.value(row(2, { kind: 'receptionist', data: {} }))).toBe('');
    const csv = await (await csvBlob(pages(1), columns, () => {})).text();
    expect(csv.split('\r\n')[0]).toContain(csvCell(en.registrationsAdmin.columns.telegram));
    // the Excel file gets the same header and cells (the writer itself is the library's)
    const sheet = await xlsxSheet(pages(1), columns, () => {});
    const at = (sheet[0] ?? []).indexOf(en.registrationsAdmin.columns.telegram);
    expect(at).toBeGreaterThan(-1);
    expect(sheet[1]?.[at]).toBe('No');
  });

  it('writes files by name and link, dates in the language', () => {
    const columns = exportColumns({ receptionist }, ctx, (url) => `https://host/api${url}`);
    const rec = row(2, {
      kind: 'receptionist',
      data: { dateOfBirth: '2001-02-03' },
      files: [
        { field: 'cv', name: 'cv.pdf', size: 3, type: 'application/pdf', url: '/events/1/r/2/files/9' },
      ],
    });
    const cell = (header: string) => columns.find((c) => c.header === header)?.value(rec);
    expect(cell(en.forms.fields.cv.label)).toBe('cv.pdf (https://host/api/events/1/r/2/files/9)');
    expect(cell(en.forms.fields.dateOfBirth.label)).toBe('February 3, 2001');
  });

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

  it('takes names and e-mail from the row as the list does, whatever the answers hold', () => {
    // a registration made with an older form: its answers do not hold the names under today's fields
    const old = row(3, { data: { nom: 'Ancien', courriel: 'x@example.test' }, locale: 'ja' });
    const columns = exportColumns({ participant }, ctx, (url) => url);
    const headers = columns.map((c) => c.header);
    const cell = (header: string) => columns.find((c) => c.header === header)?.value(old);
    expect(cell(en.console.export.id)).toBe('3');
    expect(cell(en.registrationsAdmin.columns.lastName)).toBe('Name3');
    expect(cell(en.registrationsAdmin.columns.firstNames)).toBe('Awa');
    expect(cell(en.registrationsAdmin.columns.email)).toBe('p3@example.test');
    expect(cell(en.console.registrationDetail.submittedIn)).toBe('Japanese');
    // the form's own name and e-mail fields are not repeated beside them
    for (const label of [en.forms.fields.email.label, en.forms.fields.firstNames.label])
      expect(headers.filter((h) => h === label).length).toBeLessThanOrEqual(1);
    expect(headers.filter((h) => h === en.registrationsAdmin.columns.firstNames)).toHaveLength(1);
  });

  it('writes moments as dates in the Excel file, text in the CSV', async () => {
    const columns = exportColumns({ participant }, ctx, (url) => url);
    const cells = sheetRow(row(1, { confirmedAt: null }), columns);
    const created = columns.findIndex((c) => c.header === en.registrationsAdmin.columns.createdAt);
    const confirmed = columns.findIndex((c) => c.header === en.console.export.confirmedAt);
    expect(cells[created]).toEqual(new Date('2027-03-01T10:00:00.000Z'));
    expect(cells[confirmed]).toBeNull();
    expect(typeof columns[created]?.value(row(1))).toBe('string');
    const sheet = await xlsxSheet(pages(1), columns, () => {});
    expect(sheet[1]?.[created]).toBeInstanceOf(Date);
  });

  it('sizes each Excel column to its longest cell, within bounds', () => {
    const widths = columnWidths([
      ['No.', 'A rather long header for a column'],
      ['1', 'x'.repeat(200)],
      [new Date(), null],
    ]);
    expect(widths).toEqual([{ width: 18 }, { width: 50 }]);
  });

  it('writes a CSV of every row, one line each, with a BOM and a header', async () => {
    const columns = exportColumns({ participant }, ctx, (url) => url);
    const text = await (await csvBlob(pages(24), columns, () => {})).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(25);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    // a phone number is data: no guard quote in front of it
    expect(lines[1]).toContain(',+225 0102030405,');
  });
});

describe("the export of a form's custom questions", () => {
  const meal = customQuestion.parse({
    id: 7,
    type: 'choice',
    label: { fr: 'Régime alimentaire', en: 'Dietary requirements' },
    options: [
      { code: 'veg', label: { fr: 'Végétarien', en: 'Vegetarian' } },
      { code: 'meat', label: { fr: 'Viande', en: 'Meat' } },
    ],
  });
  const gala = customQuestion.parse({ id: 8, type: 'yesNo', label: { fr: 'Dîner de gala ?' } });
  const form = withQuestions(participant, [meal, gala]);
  const answered = row(1, {
    data: { ...row(1).data, [questionField(7)]: 'veg', [questionField(8)]: 'yes' },
  });

  it('gives each question a column headed by its label in the organiser’s language, answers as labels', () => {
    const columns = exportColumns({ participant: form }, ctx, (url) => url);
    const headers = columns.map((c) => c.header);
    // after the form's own fields, in the organiser's order, before the exhibitors' consent box; a label
    // not written in English is shown as written
    const questions = columns.slice(-3, -1);
    expect(headers.slice(-3)).toEqual([
      'Dietary requirements',
      'Dîner de gala ?',
      en.forms.fields.shareWithExhibitors.label,
    ]);
    expect(questions.map((c) => c.value(answered))).toEqual(['Vegetarian', en.enums.yesNo.yes]);
    // a registration made before the questions existed has empty cells
    expect(questions.map((c) => c.value(row(2)))).toEqual(['', '']);
  });
});
