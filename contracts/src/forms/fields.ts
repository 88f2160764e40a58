import { z } from 'zod';
import { email, msg, PHONE_DIGITS_MAX, PHONE_SEPARATORS, requiredText } from '../validation';
import { isCountryCode, isDialCode } from './countries';
import { field } from './define';

/** Field builders the registration forms share; generic ones belong in validation.ts. */

const typeError = { error: msg.invalidInput };

/** ISO 3166-1 alpha-2 code from the countries list. */
export const country = () =>
  z
    .string(typeError)
    .trim()
    .min(1, { error: msg.required, abort: true })
    .refine(isCountryCode, { error: msg.invalidInput });

/** An optional country code from the list (an organisation's); empty stays empty, a name ("France") is refused. */
export const optionalCountry = () =>
  z
    .string(typeError)
    .trim()
    .refine((value) => value === '' || isCountryCode(value), { error: msg.invalidInput })
    .optional()
    .default('');

/** `+33` from the dial code list; missing or unknown both say "Please choose a country code." */
export const dialCodeField = () => z.string(typeError).trim().refine(isDialCode, { error: msg.countryCode });

/**
 * `+33 6 12...`: the dial code typed into the number is dropped, leaving the national number the dial code
 * field completes (`0033...` stays as typed: `00` also begins national numbers). Country codes are prefix-free (ITU E.164), so at most one length
 * names a known code; an unknown one keeps its `+` and is refused.
 */
function withoutDialCode(value: string): string {
  const international = /^\+([0-9]+)$/.exec(value);
  if (!international?.[1]) return value;
  const digits = international[1];
  for (const length of [1, 2, 3]) {
    if (isDialCode(`+${digits.slice(0, length)}`)) return digits.slice(length);
  }
  return value;
}

/**
 * Digits only, national number without the dial code (which is a separate field). The spec's rule is about
 * what is stored: spaces, dots, dashes and brackets typed between the digits are dropped, as is a leading
 * `+33`; anything else (a letter, a slash) is refused. Idempotent: the stored digits parse to
 * themselves. Registration forms only: it reads the dial codes' table.
 */
export const phoneDigits = () =>
  z
    .string(typeError)
    .transform((value) => withoutDialCode(value.replace(PHONE_SEPARATORS, '')))
    .pipe(
      z
        .string()
        .min(1, { error: msg.required, abort: true })
        .regex(/^[0-9]+$/, { error: msg.phoneDigits })
        .max(PHONE_DIGITS_MAX, { error: msg.phoneDigits }),
    );

/** A single choice from a select or radio group; an empty choice is "required". */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) => (issue.input === '' || issue.input == null ? msg.required : msg.invalidInput),
  });

/**
 * Several choices, at least one, each once. Codes are checked on the list, not per item, so that any error
 * lands on the group's own path (`timeSlots`, not `timeSlots.0`), where the form shows it.
 */
export const someOf = <T extends readonly [string, ...string[]]>(
  values: T,
  message: typeof msg.atLeastOne | typeof msg.makeAChoice = msg.atLeastOne,
) => {
  const allowed: ReadonlySet<string> = new Set(values);
  return z
    .array(z.string(typeError), typeError)
    .min(1, { error: message, abort: true })
    .refine((list) => list.every((item) => allowed.has(item)) && new Set(list).size === list.length, {
      error: msg.invalidInput,
    })
    .transform((list) => list as T[number][]);
};

/** An optional single choice: empty means not said. */
export const optionalOneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.literal(''), z.enum(values)], typeError)
    .optional()
    .default('');

/** Any number of choices, none included, each once (the list is bounded by the enumeration). */
export const anyOf = <T extends readonly [string, ...string[]]>(values: T) => {
  const allowed: ReadonlySet<string> = new Set(values);
  return z
    .array(z.string(typeError), typeError)
    .refine((list) => list.every((item) => allowed.has(item)) && new Set(list).size === list.length, {
      error: msg.invalidInput,
    })
    .transform((list) => list as T[number][])
    .optional()
    .default([]);
};

/**
 * A required whole number from 1 to `max`, typed in a text box: `1 200`, `1,200` and `1.200` read as 1200
 * (groups of three digits as people write them; `1.5` is refused); a number passes as it is (the BFF
 * forwards parsed values).
 */
export const wholeNumber = (max: number) =>
  z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return undefined;
      // groups of three digits only: `1.5` stays a mistake rather than reading as 15
      return /^\d+$/.test(text) || /^\d{1,3}([\s.,'\u00a0\u202f]\d{3})+$/.test(text)
        ? Number(text.replace(/\D/g, ''))
        : value;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? msg.required : msg.wholeNumber) })
      .int({ error: msg.wholeNumber })
      .min(1, { error: msg.wholeNumber })
      .max(max, { error: msg.wholeNumber }),
  );

/** A person's names, as the spec asks them of participants, panelists, press agents and delegates. */
export const personNameFields = () => ({
  lastName: field(requiredText(100), 'text'),
  firstNames: field(requiredText(150), 'text'),
});

/** How to reach the registrant: the e-mail confirms the registration, the phone lets the organiser call. */
export const contactFields = () => ({
  email: field(email(), 'email'),
  dialCode: field(dialCodeField(), 'dial'),
  phone: field(phoneDigits(), 'tel'),
});

export { flag } from '../validation';

/** A box the visitor must tick. */
export const consent = () => z.boolean(typeError).refine((value) => value, { error: msg.required });

const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

/** `YYYY-MM-DD` (what <input type="date"> gives); `missing` is the message for an empty value. */
export const isoDate = (missing: typeof msg.required | typeof msg.datesRequired = msg.required) =>
  z
    .string(typeError)
    .trim()
    .min(1, { error: missing, abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: msg.pattern, abort: true })
    .refine(isCalendarDate, { error: msg.pattern });

/** Nobody registering is older than this: an older birth date is a typing slip (1826 for 1926). */
export const BIRTH_YEARS_MAX = 120;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** A birth date: not after today, not more than BIRTH_YEARS_MAX years ago, each said in words. */
export const birthDate = () =>
  isoDate()
    .refine((value) => value <= isoDay(new Date()), { error: msg.birthDateFuture, abort: true })
    .refine(
      (value) => {
        const oldest = new Date();
        oldest.setUTCFullYear(oldest.getUTCFullYear() - BIRTH_YEARS_MAX);
        return value >= isoDay(oldest);
      },
      { error: msg.birthDateTooOld },
    );

/**
 * What people type for a website, `www.salon.fr` or `salon.fr/expo`, is read as an https address; an
 * address with a scheme keeps it (and anything but http(s) is refused below).
 */
const withScheme = (value: string) =>
  value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;

/** Optional http(s) address (a bare domain gets https); empty is allowed. */
export const optionalUrl = (max = 300) =>
  z
    .string(typeError)
    .trim()
    .max(max, { error: msg.tooLong })
    .transform(withScheme)
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), { error: msg.url })
    .optional()
    .default('');

export const EMAIL_LIST_MAX = 100;
const singleEmail = z.email();
/**
 * The spec's comma-separated e-mail list. Commas are the documented separator; semicolons, spaces and line
 * breaks are accepted too because pasted lists use them and an address cannot contain them. Output: the
 * distinct lower-cased addresses in their order.
 */
export const emailList = () =>
  // the parsed list (an array) reads back as the same list: the BFF forwards parsed values, and the
  // upstream parses them again with this schema
  z.preprocess((value) => (Array.isArray(value) ? value.join(', ') : value), emailListText());

const emailListText = () =>
  requiredText(EMAIL_LIST_MAX * 80)
    .superRefine((value, ctx) => {
      const items = splitEmails(value);
      if (items.length === 0) ctx.addIssue({ code: 'custom', message: msg.atLeastOne });
      else if (items.length > EMAIL_LIST_MAX) ctx.addIssue({ code: 'custom', message: msg.tooLong });
      else if (items.some((item) => item.length > 254 || !singleEmail.safeParse(item).success))
        ctx.addIssue({ code: 'custom', message: msg.email });
      else if (new Set(items).size !== items.length) ctx.addIssue({ code: 'custom', message: msg.duplicate });
    })
    .transform(splitEmails);

export function splitEmails(value: string): string[] {
  return value
    .split(/[,;\s]+/)
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
}

/** What POST /public/uploads returns: `upl_` and 32 random bytes in base64url. */
export const UPLOAD_TOKEN_PATTERN = /^upl_[A-Za-z0-9_-]{43}$/;
export const uploadToken = () =>
  z
    .string(typeError)
    .trim()
    .min(1, { error: msg.required, abort: true })
    .regex(UPLOAD_TOKEN_PATTERN, typeError);
export const optionalUploadToken = () =>
  z
    .string(typeError)
    .trim()
    .refine((value) => value === '' || UPLOAD_TOKEN_PATTERN.test(value), typeError)
    .optional()
    .default('');
export const uploadTokens = (max: number) =>
  z
    .array(z.string(typeError), typeError)
    .max(max, { error: msg.tooLong, abort: true })
    .refine((list) => list.every((token) => UPLOAD_TOKEN_PATTERN.test(token)), typeError)
    .default([]);

const MiB = 1024 * 1024;
/** SVG is refused on purpose: it can carry scripts and cannot be sniffed into a safe type. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const CV_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export const LOGO_MAX_BYTES = 2 * MiB;
export const DOCUMENT_MAX_BYTES = 5 * MiB;

/** The multipart route's outer limits; each file field has its own, smaller or equal (checked by a test). */
export const UPLOAD_MAX_BYTES = DOCUMENT_MAX_BYTES;
export const UPLOAD_TYPES = [...new Set([...IMAGE_TYPES, ...DOCUMENT_TYPES, ...CV_TYPES])];
