import { describe, expect, it } from 'vitest';
import { toBadgePerson } from '../routes/badges';
import { namesOf } from './registrations';

/** A registration row as stored from a form's answers (the columns a badge reads). */
const stored = (kind: string, data: Record<string, unknown>) => {
  const names = namesOf(data);
  return toBadgePerson({
    id: 1,
    kind,
    locale: 'fr',
    last_name: names.lastName,
    first_names: names.firstNames,
    data,
  });
};

describe('the person a registration names', () => {
  it('prints an exhibitor’s manager with the company, not the company twice', () => {
    const badge = stored('exhibitor', { companyName: 'Acme SAS', manager: 'Claire Dubois' });
    expect([badge.firstNames, badge.lastName].join(' ').trim()).toBe('Claire Dubois');
    expect(badge.organisation).toBe('Acme SAS');
  });

  it('names a sponsor’s and a former exhibitor form’s representative', () => {
    expect(stored('sponsor', { organizationName: 'Banque', representativeName: 'Jean Roux' })).toMatchObject({
      lastName: 'Jean Roux',
      organisation: 'Banque',
    });
    expect(
      stored('exhibitor_legacy', { structureName: 'Atelier', representativeName: 'Yui Sato' }),
    ).toMatchObject({ lastName: 'Yui Sato', organisation: 'Atelier' });
  });

  it('keeps a person’s own names, and the structure for forms that name nobody', () => {
    expect(namesOf({ lastName: 'Sato', firstNames: 'Yui', companyName: 'X' })).toEqual({
      lastName: 'Sato',
      firstNames: 'Yui',
    });
    expect(namesOf({ agencyName: 'Voyages' })).toEqual({ lastName: 'Voyages', firstNames: '' });
  });
});
