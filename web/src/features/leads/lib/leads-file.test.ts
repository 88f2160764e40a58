import type { Lead } from '@evt/contracts/leads';
import { describe, expect, it } from 'vitest';
import { leadSheet, leadsCsv } from './leads-file';

const lead = (over: Partial<Lead>): Lead => ({
  id: 1,
  lastName: 'Tanaka',
  firstNames: 'Yui',
  organisation: 'Kobe Robotics',
  role: 'participant',
  email: 'yui@kobe.example',
  scannedAt: '2027-01-28T08:14:00.000Z',
  scannedBy: 'Julie',
  note: '',
  rating: null,
  updatedAt: '2027-01-28T08:14:00.000Z',
  ...over,
});
const texts = {
  headers: {
    lastName: 'Nom',
    firstNames: 'Prénoms',
    organisation: 'Organisation',
    role: 'Rôle',
    email: 'E-mail',
    scannedAt: 'Scanné',
    scannedBy: 'Par',
    rating: 'Appréciation',
    note: 'Note',
  },
  role: (l: Lead) => (l.role === 'participant' ? 'Visiteur' : l.role),
};

describe("a stand's leads file", () => {
  it('has a header, then a row per lead with its moment as a date and its rating', () => {
    const sheet = leadSheet(
      [lead({ rating: 4, note: 'Rappeler' }), lead({ id: 2, lastName: 'Roux' })],
      texts,
    );
    expect(sheet[0]).toEqual(Object.values(texts.headers));
    expect(sheet[1]).toEqual([
      'Tanaka',
      'Yui',
      'Kobe Robotics',
      'Visiteur',
      'yui@kobe.example',
      new Date('2027-01-28T08:14:00.000Z'),
      'Julie',
      '4',
      'Rappeler',
    ]);
    expect(sheet[2]?.[7]).toBeNull();
  });

  it('writes a CSV a spreadsheet opens without running what a visitor typed', async () => {
    const csv = await leadsCsv(
      leadSheet([lead({ organisation: '=HYPERLINK("x")', note: 'a, "b"\nc' })], texts),
    ).text();
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Nom,Prénoms,Organisation,Rôle,E-mail,Scanné,Par,Appréciation,Note');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('2027-01-28T08:14:00.000Z');
    expect(csv).toContain('"a, ""b""\nc"');
  });
});
