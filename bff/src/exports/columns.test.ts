import { form as participant } from '@evt/contracts/forms/participant';
import { customQuestion, questionField, withQuestions } from '@evt/contracts/forms/questions';
import { form as receptionist } from '@evt/contracts/forms/receptionist';
import type { RegistrationRow } from '@evt/contracts/registrations';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import { exportColumns, exportWords } from './columns';
import { fileWriter, wallClock } from './file-writers';

const words = exportWords('en', 'UTC');

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

/** The whole file a writer makes of `rows`, given in batches of 10. */
async function written(
  format: 'csv' | 'xlsx',
  columns: ReturnType<typeof exportColumns>,
  rows: RegistrationRow[],
) {
  const file = fileWriter(format, columns, 'UTC');
  const parts: Buffer[] = [];
  for (let at = 0; at < rows.length; at += 10) {
    await file.add(rows.slice(at, at + 10));
    parts.push(file.take());
  }
  await file.end();
  parts.push(file.take());
  return Buffer.concat(parts);
}

async function sheetOf(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

describe('the columns of a registration export', () => {
  it('heads the columns with the labels and writes codes as their labels, the phone with its dial code', () => {
    const columns = exportColumns({ participant }, words, (url) => `https://host/api${url}`);
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

  it('writes the Telegram preference under its own localised header', () => {
    const columns = exportColumns({ participant, receptionist }, words, (url) => url);
    const headers = columns.map((c) => c.header);
    expect(headers).toContain(en.registrationsAdmin.columns.telegram);
    expect(headers).not.toContain(en.forms.fields.telegramNotifications.label);
    const telegram = columns.find((c) => c.header === en.registrationsAdmin.columns.telegram);
    expect(telegram?.value(row(1, { data: { ...row(1).data, telegramNotifications: true } }))).toBe('Yes');
    expect(telegram?.value(row(1))).toBe('No');
    // a form that does not ask: nothing, not "no"
    expect(telegram?.value(row(2, { kind: 'receptionist', data: {} }))).toBe('');
  });

  it('writes files by name and link, dates in the language', () => {
    const columns = exportColumns({ receptionist }, words, (url) => `https://host/api${url}`);
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

  it('takes names and e-mail from the row as the list does, whatever the answers hold', () => {
    // a registration made with an older form: its answers do not hold the names under today's fields
    const old = row(3, { data: { nom: 'Ancien', courriel: 'x@example.test' }, locale: 'ja' });
    const columns = exportColumns({ participant }, words, (url) => url);
    const headers = columns.map((c) => c.header);
    const cell = (header: string) => columns.find((c) => c.header === header)?.value(old);
    expect(cell(en.console.export.id)).toBe('3');
    expect(cell(en.registrationsAdmin.columns.lastName)).toBe('Name3');
    expect(cell(en.registrationsAdmin.columns.firstNames)).toBe('Awa');
    expect(cell(en.registrationsAdmin.columns.email)).toBe('p3@example.test');
    expect(cell(en.console.registrationDetail.submittedIn)).toBe('Japanese');
    for (const label of [en.forms.fields.email.label, en.forms.fields.firstNames.label])
      expect(headers.filter((h) => h === label).length).toBeLessThanOrEqual(1);
    expect(headers.filter((h) => h === en.registrationsAdmin.columns.firstNames)).toHaveLength(1);
  });

  it('writes moments on the organiser’s clock, in their language', () => {
    const paris = exportWords('fr', 'Europe/Paris');
    const columns = exportColumns({ participant }, paris, (url) => url);
    const created = columns.find((c) => c.moment && c.value(row(1)).includes('2027'));
    expect(created?.value(row(1))).toMatch(/1 mars 2027.*11:00/);
    // the Excel file's date is the wall clock: 10:00 UTC is 11:00 in Paris in March
    expect(wallClock('Europe/Paris')('2027-03-01T10:00:00.000Z')).toEqual(
      new Date('2027-03-01T11:00:00.000Z'),
    );
    expect(wallClock('Europe/Paris')('2027-07-01T10:00:00.000Z')).toEqual(
      new Date('2027-07-01T12:00:00.000Z'),
    );
  });
});

describe('the files of a registration export', () => {
  it('writes a CSV of every row, one line each, with a BOM and a header, formulas neutralised', async () => {
    const columns = exportColumns({ participant }, words, (url) => url);
    const bytes = await written(
      'csv',
      columns,
      Array.from({ length: 24 }, (_, i) => row(i + 1)),
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(25);
    expect(lines[0]).toContain(en.registrationsAdmin.columns.telegram);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
    // a phone number is data: no guard quote in front of it
    expect(lines[1]).toContain(',+225 0102030405,');
  });

  it('writes the Excel file with the same header and cells: moments as dates, text never a formula', async () => {
    const columns = exportColumns({ participant }, words, (url) => url);
    const bytes = await written('xlsx', columns, [
      row(1),
      row(2, { confirmedAt: '2027-03-02T09:30:00.000Z' }),
    ]);
    const sheet = await sheetOf(bytes);
    expect(sheet.rowCount).toBe(3);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(columns.map((c) => c.header));
    const at = (name: string) => header.indexOf(name) + 1;
    expect(sheet.getRow(2).getCell(at(en.registrationsAdmin.columns.telegram)).value).toBe('No');
    expect(sheet.getRow(2).getCell(at(en.registrationsAdmin.columns.createdAt)).value).toEqual(
      new Date('2027-03-01T10:00:00.000Z'),
    );
    expect(sheet.getRow(2).getCell(at(en.console.export.confirmedAt)).value).toBeNull();
    expect(sheet.getRow(3).getCell(at(en.console.export.confirmedAt)).value).toEqual(
      new Date('2027-03-02T09:30:00.000Z'),
    );
    const occupation = sheet.getRow(2).getCell(at(en.forms.fields.occupation.label));
    expect(occupation.value).toBe('=HYPERLINK("http://evil.test")');
    expect(occupation.formula).toBeUndefined();
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
    const columns = exportColumns({ participant: form }, words, (url) => url);
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
