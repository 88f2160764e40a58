import { PRIVACY_CONSENT_FIELD } from '@evt/contracts/forms/consent';
import { countryName } from '@evt/contracts/forms/countries';
import type { FormDefinition, Widget } from '@evt/contracts/forms/define';
import type { Locale } from '@evt/contracts/locale';
import type { RegistrationRow } from '@evt/contracts/registrations';
import type { MessageKey } from '../../../lib/i18n/keys';
import { optionLabel } from './widgets';

/** What turns stored codes into the organiser's words: their messages, their language. */
export interface ValueContext {
  t: (key: MessageKey) => string;
  locale: Locale;
  yes: string;
  no: string;
}

/** The fields a registration shows, by the form's steps, in the form's order. */
export interface ShownStep {
  id: string;
  fields: readonly string[];
}

/**
 * The form's steps with their fields in order, without the dial code: it is shown with the phone it
 * belongs to (`+33 612345678`), never alone.
 */
export function shownSteps(form: FormDefinition): ShownStep[] {
  const widgets: Readonly<Record<string, Widget>> = form.widgets;
  return form.steps.map((step) => ({
    id: step.id,
    // the consent box is not an answer: the details show the consent recorded beside the answers
    fields: step.fields.filter((name) => widgets[name]?.type !== 'dial' && name !== PRIVACY_CONSENT_FIELD),
  }));
}

/** The fields of several forms in order of first appearance (an export of a page showing several kinds). */
export function shownFields(forms: readonly FormDefinition[]): string[] {
  const names = new Set<string>();
  for (const form of forms) for (const step of shownSteps(form)) for (const f of step.fields) names.add(f);
  return [...names];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** A calendar day (`YYYY-MM-DD`) in the organiser's language, the same day whatever the time zone. */
export function formatDay(value: string, locale: Locale): string {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return value;
  let format = dayFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
    dayFormats.set(locale, format);
  }
  return format.format(date);
}

/** A moment (registration, confirmation) in the organiser's language and time zone. */
export const formatMoment = (value: string | null, locale: Locale): string =>
  value
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value))
    : '';

/**
 * One field of a registration as text: choices by their labels, countries and languages by name, days in
 * the organiser's language, the phone with its dial code. Files are the caller's (names, links).
 */
export function fieldText(
  form: FormDefinition,
  name: string,
  row: RegistrationRow,
  ctx: ValueContext,
): string {
  const widgets: Readonly<Record<string, Widget>> = form.widgets;
  const widget = widgets[name];
  const value = row.data[name];
  if (!widget || value === undefined || value === null) return '';
  switch (widget.type) {
    case 'checkbox':
      return value === true ? ctx.yes : ctx.no;
    case 'select':
    case 'radio':
    case 'checkboxes': {
      const codes = Array.isArray(value) ? value : [value];
      return codes
        .filter((code): code is string => typeof code === 'string' && code !== '')
        .map((code) => optionLabel(widget.labels, code, ctx.t, ctx.locale))
        .join(', ');
    }
    case 'country':
      return typeof value === 'string' && value ? countryName(value, ctx.locale) : '';
    case 'date':
      return typeof value === 'string' && value ? formatDay(value, ctx.locale) : '';
    case 'tel': {
      const dial = Object.keys(widgets).find((key) => widgets[key]?.type === 'dial');
      const code = dial ? row.data[dial] : undefined;
      const phone = String(value);
      return phone && typeof code === 'string' && code ? `${code} ${phone}` : phone;
    }
    case 'count':
      if (typeof value === 'number') return new Intl.NumberFormat(ctx.locale).format(value);
      // a row registered before the field asked a number holds a code of the widget's enumeration
      return widget.legacy && typeof value === 'string' && value
        ? optionLabel({ enum: widget.legacy }, value, ctx.t, ctx.locale)
        : String(value);
    case 'file':
      return row.files
        .filter((file) => file.field === name)
        .map((file) => file.name)
        .join(', ');
    default:
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
}
