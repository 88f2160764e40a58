import {
  B2B_PROFILE_TYPES,
  CERTIFICATIONS,
  FUNCTIONS,
  NEED_TYPES,
  NEED_URGENCIES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  REVENUE_BANDS,
  SECTORS,
  TARGETED_PARTNERS,
  TIME_SLOTS,
} from '../constants';
import { describe, expect, it } from 'vitest';
import { companySizeOf } from '../constants';
import { msg } from '../validation';
import { T } from './arbitraries';
import * as b2b from './b2b';
import { checkForm } from './form-harness';
import type { CrossBreak } from './form-harness';

type Entry = Record<string, unknown>;

/** [choice field, its "other" text field, the code that asks for the text] */
const others = [
  ['businessSectors', 'otherSector', 'others'],
  ['offerType', 'otherOfferType', 'other_specify'],
  ['needType', 'otherNeedType', 'other_specify'],
  ['targetedPartnerType', 'otherPartnershipType', 'other_specify'],
  ['certifications', 'otherCertification', 'other'],
] as const;

const picks = (value: unknown, code: string) =>
  Array.isArray(value) ? value.includes(code) : value === code;

function fix(entry: Entry): Entry {
  const out = { ...entry };
  for (const [choice, text, code] of others)
    if (picks(out[choice], code) && out[text] === '') out[text] = 'Autre';
  if (String(out.availabilityEnd) < String(out.availabilityStart)) {
    [out.availabilityStart, out.availabilityEnd] = [out.availabilityEnd, out.availabilityStart];
  }
  return out;
}

const cross: CrossBreak[] = [
  ...others.map(([choice, text, code]) => ({
    label: `${code} chosen without its text`,
    field: text,
    key: msg.required,
    mutate: (entry: Entry) => ({
      ...entry,
      [choice]: choice === 'businessSectors' || choice === 'certifications' ? [code] : code,
      [text]: '',
    }),
  })),
  {
    label: 'end before start',
    field: 'availabilityEnd',
    key: msg.dateOrder,
    mutate: (entry) =>
      entry.availabilityStart === entry.availabilityEnd
        ? { ...entry, availabilityStart: '2026-05-02', availabilityEnd: '2026-05-01' }
        : { ...entry, availabilityStart: entry.availabilityEnd, availabilityEnd: entry.availabilityStart },
  },
];

checkForm(
  b2b.form,
  {
    companyName: T.text(200),
    profileType: T.oneOf(B2B_PROFILE_TYPES),
    fullName: T.text(200),
    position: T.oneOf(FUNCTIONS),
    email: T.email(),
    dialCode: T.dialCode(),
    phone: T.phone(),
    employees: T.wholeNumber(b2b.EMPLOYEES_MAX),
    annualRevenue: T.optOneOf(REVENUE_BANDS),
    certifications: T.anyOf(CERTIFICATIONS),
    otherCertification: T.optText(200),
    websiteUrl: T.url(),
    address: T.text(300),
    businessSectors: T.someOf(SECTORS),
    otherSector: T.optText(150),
    logo: T.optUpload(),
    listedInDirectory: T.flag(),
    companyDescription: T.description(),
    skills: T.text(1000),
    offerType: T.oneOf(OFFER_TYPES),
    otherOfferType: T.optText(150),
    targetMarket: T.text(300),
    needType: T.oneOf(NEED_TYPES),
    otherNeedType: T.optText(150),
    needUrgency: T.oneOf(NEED_URGENCIES),
    targetedPartnerType: T.oneOf(TARGETED_PARTNERS),
    otherPartnershipType: T.optText(150),
    specificCriteria: T.optText(1000),
    participationFormat: T.oneOf(PARTICIPATION_FORMATS),
    availabilityStart: T.date('2026-01-01', '2027-12-31', msg.datesRequired),
    availabilityEnd: T.date('2026-01-01', '2027-12-31', msg.datesRequired),
    timeSlots: T.someOf(TIME_SLOTS),
    expectations: T.optText(1000),
  },
  { fix, cross },
);

describe('B2B: employees, revenue and certifications', () => {
  const valid = (values: Entry) => {
    const entry = {
      companyName: 'Agro Sahel',
      profileType: 'investor',
      fullName: 'Moussa Diop',
      position: 'ceo',
      email: 'moussa@example.sn',
      dialCode: '+221',
      phone: '771234567',
      employees: '45',
      address: 'Dakar',
      businessSectors: ['agriculture_agroindustry'],
      companyDescription: 'A company that processes and exports agricultural products.',
      skills: 'Processing',
      offerType: 'b2b_services',
      targetMarket: 'West Africa',
      needType: 'investors',
      needUrgency: 'immediate',
      targetedPartnerType: 'clients',
      participationFormat: 'hybrid',
      availabilityStart: '2027-03-10',
      availabilityEnd: '2027-03-11',
      timeSlots: ['morning'],
      privacyConsent: true,
      ...values,
    };
    return b2b.form.schema.parse(entry);
  };

  it('reads the count as written, with group separators, and stores a number', () => {
    expect(valid({ employees: '1 200' }).employees).toBe(1200);
    expect(valid({ employees: '1,200' }).employees).toBe(1200);
    expect(valid({ employees: '1\u202f200' }).employees).toBe(1200);
    expect(valid({ employees: 7 }).employees).toBe(7);
  });

  it('leaves revenue and certifications unsaid when not given', () => {
    expect(valid({})).toMatchObject({ annualRevenue: '', certifications: [], otherCertification: '' });
    expect(valid({ annualRevenue: '2m_10m', certifications: ['iso_9001', 'haccp'] })).toMatchObject({
      annualRevenue: '2m_10m',
      certifications: ['iso_9001', 'haccp'],
    });
  });

  it('names the size band of spec section 9 from the count, and keeps a band stored before', () => {
    expect([1, 9, 10, 249, 250, 12_000].map(companySizeOf)).toEqual([
      'micro',
      'micro',
      'sme',
      'sme',
      'large',
      'large',
    ]);
    expect(companySizeOf('sme')).toBe('sme');
    expect(companySizeOf('huge')).toBe('');
    expect(companySizeOf(undefined)).toBe('');
  });
});
