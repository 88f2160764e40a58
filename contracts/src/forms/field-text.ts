import type { Locale } from '../locale';
import { PRIVACY_CONSENT_FIELD } from './consent';
import { countryName, languageName } from './countries';
import { type FormDefinition, type OptionLabels, textIn, type Widget } from './define';
import { type EnumGroup, enumLabelKey } from './enums';

/**
 * A registration's answers as words, the one way for the organiser's lists, exports and details (web) and
 * the person's readable copy of their data (upstream): codes by their labels, countries and languages by
 * name, days in the reader's language, the phone with its dial code.
 */

/** The participant's Telegram preference: a field of the forms that ask for it. */
export const TELEGRAM_FIELD = 'telegramNotifications';

/** What turns stored codes into the reader's words: their messages, their language. */
export interface ValueContext {
  // a method, so a `t` typed with the application's message keys fits
  t(key: never): string;
  locale: Locale;
  yes: string;
  no: string;
}

/** The answers and files a field's text is read from (a registration row, or its export). */
export interface AnsweredRow {
  data: Readonly<Record<string, unknown>>;
  files: readonly { field: string; name: string }[];
}

type Translate = (key: string) => string;

/**
 * The text of a choice's option: its `enums.<group>.<code>` message, the language's name from Intl, or the
 * organiser's words for it (a custom question's) in the reader's language.
 * `t` takes any key type (the web's is typed with its message keys).
 */
export function optionLabel(
  labels: OptionLabels,
  code: string,
  t: (key: never) => string,
  locale: Locale,
): string {
  if (labels === 'language') return languageName(code, locale);
  if ('texts' in labels) return textIn(labels.texts[code], locale) || code;
  return (t as Translate)(enumLabelKey(labels.enum as EnumGroup, code as never));
}

/** A field's label: its `forms.fields.<name>.label` message, or the organiser's words for a custom question. */
export function fieldLabel(
  form: FormDefinition,
  name: string,
  ctx: Pick<ValueContext, 't' | 'locale'>,
): string {
  const text = form.labels[name];
  return text ? textIn(text, ctx.locale) : (ctx.t as Translate)(`forms.fields.${name}.label`);
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
/** A calendar day (`YYYY-MM-DD`) in the reader's language, the same day whatever the time zone. */
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

/**
 * One field of a registration as text: choices by their labels, countries and languages by name, days in
 * the reader's language, the phone with its dial code, files by name.
 */
export function fieldText(form: FormDefinition, name: string, row: AnsweredRow, ctx: ValueContext): string {
  const t = ctx.t as unknown as Translate;
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
        .map((code) => optionLabel(widget.labels, code, t, ctx.locale))
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
        ? optionLabel({ enum: widget.legacy }, value, t, ctx.locale)
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
