import type { FormDefinition } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { RegistrationRow } from '@evt/contracts/registrations';

import { TELEGRAM_FIELD } from '@evt/contracts/forms/field-text';

export { TELEGRAM_FIELD };

/**
 * The kinds whose form asks for it, known without loading the forms (the list's column); a unit test
 * keeps it equal to the forms' own fields.
 */
export const KINDS_ASKING_TELEGRAM: readonly RegistrationKind[] = [
  'participant',
  'participant_5km',
  'participant_fipdc',
  'participant_osaka',
  'participant_sipen',
];

export const formAsksTelegram = (form: FormDefinition) =>
  form.steps.some((step) => step.fields.includes(TELEGRAM_FIELD));

/** The stored answer: yes, no, or null when the registration's form does not ask. */
export const telegramPreferenceOf = (row: RegistrationRow): boolean | null =>
  KINDS_ASKING_TELEGRAM.includes(row.kind) ? row.data[TELEGRAM_FIELD] === true : null;
