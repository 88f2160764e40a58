import { form as b2b } from '@evt/contracts/forms/b2b';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import type { MessageKey } from '../../../lib/i18n/keys';
import { fieldText } from './field-values';

const t = (key: MessageKey) => {
  // a plain string: `unknown ?? key` would be a union with every message key, too large for TypeScript 7
  const path: string = key;
  return String(path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], en) ?? path);
};
const ctx = { t, locale: 'en' as const, yes: 'Yes', no: 'No' };

const row = (data: Record<string, unknown>): RegistrationRow => ({
  id: 1,
  eventId: 1,
  kind: 'b2b',
  status: 'confirmed',
  lastName: 'Agro Sahel',
  firstNames: '',
  email: 'b2b@example.test',
  locale: 'fr',
  createdAt: '2027-03-01T10:00:00.000Z',
  confirmedAt: null,
  data,
  files: [],
});

describe('a B2B registration as the organiser reads it', () => {
  it('shows the employees, the revenue band and the certifications in words', () => {
    const data = { employees: 1200, annualRevenue: '50m_250m', certifications: ['iso_9001', 'haccp'] };
    expect(fieldText(b2b, 'employees', row(data), ctx)).toBe('1,200');
    expect(fieldText(b2b, 'annualRevenue', row(data), ctx)).toBe(en.enums.revenueBands['50m_250m']);
    expect(fieldText(b2b, 'certifications', row(data), ctx)).toBe('ISO 9001 (quality), HACCP');
  });

  it('shows the size band of a company registered before the form asked the number', () => {
    expect(fieldText(b2b, 'employees', row({ employees: 'sme' }), ctx)).toBe(en.enums.companySizes.sme);
    expect(fieldText(b2b, 'annualRevenue', row({}), ctx)).toBe('');
  });
});
