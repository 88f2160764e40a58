import { form as b2b } from '@evt/contracts/forms/b2b';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { englishText } from '../../../test/english';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { fieldText } from './field-values';

const ctx = { t: englishText, locale: 'en' as const, yes: 'Yes', no: 'No' };

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
