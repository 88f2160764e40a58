import type { Locale } from '@evt/contracts/locale';
import type { MessageKey } from '../../../lib/i18n/keys';

// the answers as words are shared with the upstream's readable copy of a person's data
export {
  fieldLabel,
  fieldText,
  formatDay,
  type ShownStep,
  shownFields,
  shownSteps,
} from '@evt/contracts/forms/field-text';

/** What turns stored codes into the organiser's words: their messages, their language. */
export interface ValueContext {
  t: (key: MessageKey) => string;
  locale: Locale;
  yes: string;
  no: string;
}

/** A moment (registration, confirmation) in the organiser's language and time zone. */
export const formatMoment = (value: string | null, locale: Locale): string =>
  value
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
    : '';
