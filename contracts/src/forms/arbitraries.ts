/**
 * Test support (no *.test suffix so several test files share it): for each field builder, an arbitrary of
 * valid values and the values that break it alone, with the message key each must produce.
 */
import fc from 'fast-check';
import { PARTICIPANT_TYPES, SECTORS } from '../constants';
import { msg } from '../validation';
import { CONSENT_REQUIRED } from './consent';
import { COUNTRY_CODES, DIAL_CODE_VALUES } from './countries';
import type { CrossBreak } from './form-harness';

export interface Break {
  label: string;
  value: unknown;
  key: string;
}
export interface FieldSpec {
  arb: fc.Arbitrary<unknown>;
  breaks: Break[];
}

const chars = [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 éèçàôÉ日本語テスト-'."];
/** Text of `min..max` UTF-16 units with no surrounding spaces (the schemas trim). */
export const textArb = (min: number, max: number) =>
  fc
    .string({ unit: fc.constantFrom(...chars), minLength: min, maxLength: max })
    .filter((s) => s.trim() === s && s.length >= min);

const lower = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
const label = (max: number) => fc.string({ unit: fc.constantFrom(...lower), minLength: 1, maxLength: max });
export const emailArb = fc
  .tuple(
    label(20),
    fc.option(label(10), { nil: undefined }),
    label(12),
    fc.constantFrom('com', 'fr', 'jp', 'org'),
  )
  .map(([a, b, domain, tld]) => `${a}${b ? `.${b}` : ''}@${domain}.${tld}`)
  .chain((email) => fc.constantFrom(email, email.toUpperCase()));

const b64 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'];
export const tokenArb = fc
  .string({ unit: fc.constantFrom(...b64), minLength: 43, maxLength: 43 })
  .map((s) => `upl_${s}`);

const day = 86_400_000;
export const dateArb = (from: string, to: string) =>
  fc
    .integer({ min: Date.parse(from) / day, max: Date.parse(to) / day })
    .map((n) => new Date(n * day).toISOString().slice(0, 10));

export const T = {
  text: (max: number): FieldSpec => ({
    arb: textArb(1, max),
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: 'blank', value: '   ', key: msg.required },
      { label: 'too long', value: 'x'.repeat(max + 1), key: msg.tooLong },
      { label: 'not text', value: 42, key: msg.invalidInput },
    ],
  }),
  optText: (max: number): FieldSpec => ({
    arb: fc.oneof(fc.constant(''), textArb(1, max)),
    breaks: [{ label: 'too long', value: 'x'.repeat(max + 1), key: msg.tooLong }],
  }),
  email: (): FieldSpec => ({
    arb: emailArb,
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: 'no @', value: 'not-an-email', key: msg.email },
      { label: 'no domain dot', value: 'a@b', key: msg.email },
    ],
  }),
  phone: (): FieldSpec => ({
    // digits as typed: spaces, dots, dashes and brackets between them are dropped when parsed (stored as digits)
    arb: fc
      .array(fc.tuple(fc.constantFrom(...'0123456789'), fc.constantFrom('', '', '', ' ', '.', '-', ' - ')), {
        minLength: 1,
        maxLength: 15,
      })
      .map((parts) => parts.map(([digit, separator]) => digit + separator).join('')),
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: 'only separators', value: ' .- ', key: msg.required },
      { label: 'with a letter', value: '06123a', key: msg.phoneDigits },
      { label: 'with a slash', value: '06/12', key: msg.phoneDigits },
      { label: 'with an unknown dial code', value: '+999612', key: msg.phoneDigits },
      { label: '16 digits', value: '1'.repeat(16), key: msg.phoneDigits },
    ],
  }),
  dialCode: (): FieldSpec => ({
    arb: fc.constantFrom(...DIAL_CODE_VALUES),
    breaks: [
      { label: 'missing', value: '', key: msg.countryCode },
      { label: 'without +', value: '33', key: msg.countryCode },
      { label: 'unknown', value: '+0', key: msg.countryCode },
    ],
  }),
  country: (): FieldSpec => ({
    arb: fc.constantFrom(...COUNTRY_CODES),
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: 'unknown', value: 'ZZ', key: msg.invalidInput },
      { label: 'lower case', value: 'fr', key: msg.invalidInput },
    ],
  }),
  oneOf: (values: readonly string[]): FieldSpec => ({
    arb: fc.constantFrom(...values),
    breaks: [
      { label: 'no choice', value: '', key: msg.required },
      { label: 'unknown code', value: 'nope', key: msg.invalidInput },
    ],
  }),
  someOf: (values: readonly string[], empty: string = msg.atLeastOne): FieldSpec => ({
    arb: fc.uniqueArray(fc.constantFrom(...values), { minLength: 1 }),
    breaks: [
      { label: 'no choice', value: [], key: empty },
      { label: 'unknown code', value: ['nope'], key: msg.invalidInput },
      { label: 'twice the same', value: [values[0], values[0]], key: msg.invalidInput },
    ],
  }),
  optOneOf: (values: readonly string[]): FieldSpec => ({
    arb: fc.constantFrom('', ...values),
    breaks: [{ label: 'unknown code', value: 'nope', key: msg.invalidInput }],
  }),
  anyOf: (values: readonly string[]): FieldSpec => ({
    arb: fc.uniqueArray(fc.constantFrom(...values)),
    breaks: [
      { label: 'unknown code', value: ['nope'], key: msg.invalidInput },
      { label: 'twice the same', value: [values[0], values[0]], key: msg.invalidInput },
      { label: 'not a list', value: 'iso', key: msg.invalidInput },
    ],
  }),
  /** a count as typed (digits, with the group separators people use) or as parsed (a number) */
  wholeNumber: (max: number): FieldSpec => ({
    arb: fc
      .integer({ min: 1, max })
      .chain((n) =>
        fc.constantFrom<unknown>(
          n,
          String(n),
          n.toLocaleString('fr-FR'),
          n.toLocaleString('en-US'),
          n.toLocaleString('de-DE'),
          ` ${n} `,
        ),
      ),
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: 'blank', value: '  ', key: msg.required },
      { label: 'zero', value: '0', key: msg.wholeNumber },
      { label: 'negative', value: '-5', key: msg.wholeNumber },
      { label: 'a fraction', value: 12.5, key: msg.wholeNumber },
      { label: 'words', value: 'about fifty', key: msg.wholeNumber },
      { label: 'a range', value: '10-49', key: msg.wholeNumber },
      { label: 'a decimal point', value: '1.5', key: msg.wholeNumber },
      { label: 'too many', value: String(max + 1), key: msg.wholeNumber },
    ],
  }),
  flag: (): FieldSpec => ({
    arb: fc.boolean(),
    breaks: [{ label: 'not a boolean', value: 'yes', key: msg.invalidInput }],
  }),
  consent: (): FieldSpec => ({
    arb: fc.constant(true),
    breaks: [{ label: 'not given', value: false, key: msg.required }],
  }),
  /** the privacy consent box every form ends with (forms/consent.ts) */
  privacyConsent: (): FieldSpec => ({
    arb: fc.constant(true),
    breaks: [
      { label: 'not given', value: false, key: CONSENT_REQUIRED },
      { label: 'missing', value: undefined, key: CONSENT_REQUIRED },
    ],
  }),
  upload: (): FieldSpec => ({
    arb: tokenArb,
    breaks: [
      { label: 'missing', value: '', key: msg.required },
      { label: 'not a token', value: 'abc', key: msg.invalidInput },
    ],
  }),
  optUpload: (): FieldSpec => ({
    arb: fc.oneof(fc.constant(''), tokenArb),
    breaks: [{ label: 'not a token', value: 'abc', key: msg.invalidInput }],
  }),
  uploads: (max: number): FieldSpec => ({
    arb: fc.array(tokenArb, { maxLength: max }),
    breaks: [
      {
        label: 'too many',
        value: Array.from({ length: max + 1 }, (_, i) => `upl_${`${i}`.padEnd(43, 'x')}`),
        key: msg.tooLong,
      },
      { label: 'not a token', value: ['abc'], key: msg.invalidInput },
    ],
  }),
  description: (): FieldSpec => ({
    arb: textArb(30, 250),
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: '29 characters', value: 'a'.repeat(29), key: msg.descriptionTooShort },
      { label: '251 characters', value: 'a'.repeat(251), key: msg.descriptionTooLong },
    ],
  }),
  date: (from: string, to: string, missing: string = msg.required): FieldSpec => ({
    arb: dateArb(from, to),
    breaks: [
      { label: 'missing', value: '', key: missing },
      { label: 'not a calendar day', value: '2026-02-30', key: msg.pattern },
      { label: 'other format', value: '12/01/2026', key: msg.pattern },
    ],
  }),
  url: (): FieldSpec => ({
    arb: fc.oneof(
      fc.constant(''),
      fc.tuple(label(15), fc.constantFrom('com', 'ci', 'jp')).map(([d, t]) => `https://${d}.${t}/`),
    ),
    breaks: [
      { label: 'not an address', value: 'not a url', key: msg.url },
      { label: 'not http', value: 'ftp://files.example.com', key: msg.url },
    ],
  }),
  emailList: (): FieldSpec => ({
    arb: fc
      .uniqueArray(emailArb, { minLength: 1, maxLength: 10, selector: (e) => e.toLowerCase() })
      .chain((list) => fc.constantFrom(list.join(','), list.join(', '), list.join(' , '))),
    breaks: [
      { label: 'emptied', value: '', key: msg.required },
      { label: 'only commas', value: ', ,', key: msg.atLeastOne },
      { label: 'one bad e-mail', value: 'a@example.com, not-an-email', key: msg.email },
      { label: 'duplicate', value: 'a@example.com, A@example.com', key: msg.duplicate },
    ],
  }),
};

type Entry = Record<string, unknown>;

/** Shared by the participant variants and the delegation member. */
export const participantSpecs = {
  lastName: T.text(100),
  firstNames: T.text(150),
  email: T.email(),
  dialCode: T.dialCode(),
  phone: T.phone(),
  countryOfResidence: T.country(),
  occupation: T.text(150),
  participantType: T.oneOf(PARTICIPANT_TYPES),
  organizationName: T.optText(200),
  sector: T.oneOf(SECTORS),
  motivation: T.optText(1000),
  b2bInterest: T.flag(),
  telegramNotifications: T.flag(),
};

/** Company and organisation representatives always name their structure in a valid entry. */
export const fixOrganizationName = (entry: Entry): Entry =>
  entry.participantType !== 'individual' && entry.organizationName === ''
    ? { ...entry, organizationName: 'Acme' }
    : entry;

export const organizationNameBreaks: CrossBreak[] = ['company', 'organization'].map((type) => ({
  label: `missing for ${type}`,
  field: 'organizationName',
  key: msg.requiredForCompany,
  mutate: (entry) => ({ ...entry, participantType: type, organizationName: '' }),
}));
