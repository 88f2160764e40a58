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

/** Digits only, national number without the dial code (which is a separate field). */
export const phoneDigits = () =>
  z
    .string(typeError)
    .trim()
    .min(1, { error: msg.required, abort: true })
    .regex(/^[0-9]+$/, { error: msg.phoneDigits })
    .max(15, { error: msg.phoneDigits });

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

/** A positive integer id in a path or a body; strings of digits are accepted (path params arrive as text). */
export const id = () =>
  z.coerce.number(typeError).int(typeError).positive(typeError).max(2_147_483_647, typeError);

/** At least one of the allowed values. */
export const choices = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values, typeError), typeError).min(1, { error: msg.atLeastOne });

/** Turns a zod error into `{ 'field.path': ['validation.key'] }`, the shape of `details.fieldErrors`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const message = issue.message.startsWith('validation.') ? issue.message : msg.invalidInput;
    out[key] = [...(out[key] ?? []), message];
  }
  return out;
}
