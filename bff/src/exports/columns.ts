import { languageName } from '@evt/contracts/forms/countries';
import type { FormDefinition, Widget } from '@evt/contracts/forms/define';
import { fieldLabel, fieldText, shownFields, TELEGRAM_FIELD } from '@evt/contracts/forms/field-text';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { Locale } from '@evt/contracts/locale';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { localText } from '../http/messages';

/** One column of a registration export: its header, and each row's cell. */
export interface ExportColumn {
  header: string;
  /** the cell as text (the CSV, and the Excel file unless `moment` is given) */
  value: (row: RegistrationRow) => string;
  /** a moment, written in the Excel file as a date it sorts and filters */
  moment?: (row: RegistrationRow) => string | null;
}

/** The organiser's words and clock: the export's language and the time zone their page gave. */
export interface ExportWords {
  t: (key: string) => string;
  locale: Locale;
  timeZone: string;
  yes: string;
  no: string;
  /** a moment as text, in the language and time zone */
  moment: (value: string | null) => string;
}

export function exportWords(locale: Locale, timeZone: string): ExportWords {
  // a file repeats the same few words (a status, a form's name) on every row: each is looked up once
  const texts = new Map<string, string>();
  const t = (key: string) => {
    let text = texts.get(key);
    if (text === undefined) {
      text = localText(key, locale) ?? key;
      texts.set(key, text);
    }
    return text;
  };
  // one formatter for the whole file: making one per cell costs more than the rest of the row
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return {
    t,
    locale,
    timeZone,
    yes: t('console.export.yes'),
    no: t('console.export.no'),
    moment: (value) => (value ? format.format(new Date(value)) : ''),
  };
}

/** What the list shows from the row itself (its own columns), so a form's fields do not repeat it. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['lastName', 'firstNames', 'email']);

/**
 * The columns of an export: what the list shows (number, form, status, waiting list, language, names,
 * e-mail, dates), read from the row as the list reads it, whatever form version the person answered; then
 * every other field the forms ask for, in the forms' order, headed by their labels (the Telegram preference
 * under the list's own header); files by name and link.
 */
export function exportColumns(
  forms: Readonly<Partial<Record<RegistrationKind, FormDefinition>>>,
  words: ExportWords,
  fileLink: (url: string) => string,
): ExportColumn[] {
  const { t } = words;
  const languages = new Map<string, string>();
  const language = (code: string) => {
    let name = languages.get(code);
    if (name === undefined) {
      name = languageName(code, words.locale);
      languages.set(code, name);
    }
    return name;
  };
  const fixed: ExportColumn[] = [
    { header: t('console.export.id'), value: (r) => String(r.id) },
    { header: t('registrationsAdmin.columns.kind'), value: (r) => t(`forms.kinds.${r.kind}.title`) },
    {
      header: t('registrationsAdmin.columns.status'),
      value: (r) => t(`enums.registrationStatuses.${r.status}`),
    },
    // a form's waiting list: the place of a waiting person, the deadline of a promoted one
    {
      header: t('registrationsAdmin.waitlist.placeColumn'),
      value: (r) => (r.status === 'waitlisted' && r.waitlistPlace ? String(r.waitlistPlace) : ''),
    },
    {
      header: t('registrationsAdmin.waitlist.confirmByColumn'),
      value: (r) => (r.status === 'promoted' ? words.moment(r.confirmBy ?? null) : ''),
      moment: (r) => (r.status === 'promoted' ? (r.confirmBy ?? null) : null),
    },
    {
      header: t('console.registrationDetail.submittedIn'),
      value: (r) => language(r.locale),
    },
    { header: t('registrationsAdmin.columns.lastName'), value: (r) => r.lastName },
    { header: t('registrationsAdmin.columns.firstNames'), value: (r) => r.firstNames },
    { header: t('registrationsAdmin.columns.email'), value: (r) => r.email },
    {
      header: t('registrationsAdmin.columns.createdAt'),
      value: (r) => words.moment(r.createdAt),
      moment: (r) => r.createdAt,
    },
    {
      header: t('console.export.confirmedAt'),
      value: (r) => words.moment(r.confirmedAt),
      moment: (r) => r.confirmedAt,
    },
  ];
  const ctx = { t: t as (key: never) => string, locale: words.locale, yes: words.yes, no: words.no };
  const list = Object.values(forms).filter((f): f is FormDefinition => f !== undefined);
  const named = shownFields(list).filter((name) => !ROW_FIELDS.has(name));
  const fields = named.map<ExportColumn>((name) => ({
    header:
      name === TELEGRAM_FIELD
        ? t('registrationsAdmin.columns.telegram')
        : fieldLabel(list.find((form) => name in form.widgets) ?? (list[0] as FormDefinition), name, ctx),
    value: (row) => {
      const form = forms[row.kind];
      if (!form) return '';
      const widget = (form.widgets as Readonly<Record<string, Widget>>)[name];
      if (widget?.type !== 'file') return fieldText(form, name, row, ctx);
      return row.files
        .filter((file) => file.field === name)
        .map((file) => `${file.name} (${fileLink(file.url)})`)
        .join(', ');
    },
  }));
  return [...fixed, ...fields];
}
