import { z } from 'zod';

/**
 * Validation messages are i18n keys under `validation.` in locales/; the English texts are the spec's (section 5).
 * Both the SPA and the BFF run the same schemas, so a key is all either side needs.
 */
export const msg = {
  required: 'validation.required',
  requiredForCompany: 'validation.requiredForCompany',
  countryCode: 'validation.countryCode',
  phoneDigits: 'validation.phoneDigits',
  email: 'validation.email',
  invalidInput: 'validation.invalidInput',
  pattern: 'validation.pattern',
  atLeastOne: 'validation.atLeastOne',
  makeAChoice: 'validation.makeAChoice',
  descriptionTooShort: 'validation.descriptionTooShort',
  descriptionTooLong: 'validation.descriptionTooLong',
  datesRequired: 'validation.datesRequired',
  fillRequired: 'validation.fillRequired',
  passwordTooShort: 'validation.passwordTooShort',
  passwordTooLong: 'validation.passwordTooLong',
  passwordsDiffer: 'validation.passwordsDiffer',
  tooLong: 'validation.tooLong',
  url: 'validation.url',
  /** not in the spec: a value given twice in a list (delegation e-mails) */
  duplicate: 'validation.duplicate',
  /** not in the spec: an end date before its start date */
  dateOrder: 'validation.dateOrder',
  /** not in the spec: a time of day (a programme's day or break) ending at or before its start */
  timeOrder: 'validation.timeOrder',
  /** not in the spec: an event's time zone that is not an IANA zone name */
  timeZone: 'validation.timeZone',
  /** not in the spec: a time of day that is not HH:MM */
  timeOfDay: 'validation.timeOfDay',
  /** not in the spec: a birth date after today */
  birthDateFuture: 'validation.birthDateFuture',
  /** not in the spec: a birth date more than BIRTH_YEARS_MAX years ago */
  birthDateTooOld: 'validation.birthDateTooOld',
  /** not in the spec: a registration kiosk's staff PIN (4 to 8 digits) */
  kioskPin: 'validation.kioskPin',
  /** not in the spec: a count (employees) that is not a whole number within its limits */
  wholeNumber: 'validation.wholeNumber',
  /** not in the spec: an invitation or a member without its member type */
  memberTypeRequired: 'validation.memberTypeRequired',
  /** not in the spec: a webhook address that is not HTTPS in production, or leads to a private network */
  webhookTarget: 'validation.webhookTarget',
} as const;
export type ValidationMessageKey = (typeof msg)[keyof typeof msg];

export const DESCRIPTION_MIN = 30;
export const DESCRIPTION_MAX = 250;
/** Not in the spec: NIST SP 800-63B asks for at least 8 characters and allows long pass phrases. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const TEXT_MAX = 200;

const typeError = { error: msg.invalidInput };

/** A required free-text field: trimmed, not empty, bounded. */
export const requiredText = (max = TEXT_MAX) =>
  z.string(typeError).trim().min(1, { error: msg.required, abort: true }).max(max, { error: msg.tooLong });

export const optionalText = (max = TEXT_MAX) =>
  z.string(typeError).trim().max(max, { error: msg.tooLong }).optional().default('');

export const email = () =>
  z
    .string(typeError)
    .trim()
    .min(1, { error: msg.required })
    .max(254, { error: msg.email })
    .pipe(z.email({ error: msg.email }))
    .transform((value) => value.toLowerCase());

/**
 * What people type between digits ("06 12 34 56 78", "06.12.34.56.78", "(555) 010-0100", "+33 (0)6..."):
 * not stored.
 */
export const PHONE_SEPARATORS = /[\s.()-]+/g;
export const PHONE_DIGITS_MAX = 15;

/**
 * An optional international number in one field (an organisation's switchboard): an optional leading `+`
 * then digits, separators dropped as in forms/fields.ts phoneDigits. Empty stays empty.
 */
export const optionalPhone = () =>
  z
    .string(typeError)
    .transform((value) => value.replace(PHONE_SEPARATORS, ''))
    .pipe(z.string().regex(/^(\+?[0-9]{1,15})?$/, { error: msg.phoneDigits }))
    .optional()
    .default('');

/** An optional e-mail address, lower-cased; empty stays empty. */
export const optionalEmail = () =>
  z
    .string(typeError)
    .trim()
    .max(254, { error: msg.email })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: msg.email })
    .transform((value) => value.toLowerCase())
    .optional()
    .default('');

export const dialCode = () =>
  z
    .string(typeError)
    .trim()
    .regex(/^\+[0-9]{1,4}$/, { error: msg.countryCode });

export const description = () =>
  z
    .string(typeError)
    .trim()
    .min(1, { error: msg.required, abort: true })
    .min(DESCRIPTION_MIN, { error: msg.descriptionTooShort })
    .max(DESCRIPTION_MAX, { error: msg.descriptionTooLong });

export const password = () =>
  z
    .string(typeError)
    .min(1, { error: msg.required })
    .min(PASSWORD_MIN, { error: msg.passwordTooShort })
    .max(PASSWORD_MAX, { error: msg.passwordTooLong });

/** What an id field holds when nothing was chosen: a select's empty or `0` option, a number input's NaN. */
const isNoId = (value: unknown) =>
  value == null || value === '' || value === 0 || value === '0' || Number.isNaN(value);

/**
 * A positive integer id in a path or a body; strings of digits are accepted (path params arrive as text).
 * `missing` is the message for an id the user had to choose and did not (a member type).
 */
export const id = (missing: ValidationMessageKey = msg.invalidInput) => {
  const error = { error: (issue: { input?: unknown }) => (isNoId(issue.input) ? missing : msg.invalidInput) };
  return z.coerce.number(error).int(typeError).positive(error).max(2_147_483_647, typeError);
};

/** At least one of the allowed values. */
export const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values, typeError), typeError).min(1, { error: msg.atLeastOne });

/** Turns a zod error into `{ 'field.path': ['validation.key'] }`, the shape of `details.fieldErrors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    // `validation.*`, or a feature's own `{feature}.validation.*` or `{feature}.errors.*` keys
    // (badges.validation.offPage, planning.validation.endBeforeStart, mailings.errors.bodyTooLong)
    const message = /^(?:\w+\.)?validation\.\w+$|^\w+\.errors\.\w+$/.test(issue.message)
      ? issue.message
      : msg.invalidInput;
    out[key] = [...(out[key] ?? []), message];
  }
  return out;
}

/** An optional box: unticked unless the person ticks it. */
export const flag = () => z.boolean(typeError).default(false);
