import {
  B2B_PROFILE_TYPES,
  COMPANY_SIZES,
  FUNCTIONS,
  NEED_TYPES,
  NEED_URGENCIES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  SECTORS,
  TARGETED_PARTNERS,
  TIME_SLOTS,
} from '../constants';
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
      [choice]: choice === 'businessSectors' ? [code] : code,
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
    companySize: T.oneOf(COMPANY_SIZES),
    websiteUrl: T.url(),
    address: T.text(300),
    businessSectors: T.someOf(SECTORS),
    otherSector: T.optText(150),
    logo: T.optUpload(),
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
