import { textIn } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { type CustomQuestion, questionField } from '@evt/contracts/forms/questions';
import type { Locale } from '@evt/contracts/locale';
import { questionsOfKind, type WebhookForm } from '@evt/contracts/registration-forms';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { type MessageKey, nameKey } from '../../../lib/i18n/keys';
import type { RegistrationListPage } from '../../../lib/registration-list-pages';

/** A column a list page shows beside the common ones: a field of the form, an option shown by its label. */
export interface PageColumn {
  field: string;
  /** the enum group of a field holding a code (enums.{group}.{code}) */
  option?: string;
}

/**
 * What a list page shows of its registrations beyond name, e-mail, form, status and date. A B2B company is
 * known by its name and profile, and its form names one person in full (the representative), so its
 * name column is headed as such and has no first-names column beside it.
 */
export const PAGE_COLUMNS: Partial<
  Record<RegistrationListPage, { before: readonly PageColumn[]; person: 'representative' }>
> = {
  b2b_companies: {
    before: [{ field: 'companyName' }, { field: 'profileType', option: 'b2bProfileTypes' }],
    person: 'representative',
  },
};

/** A page column's cell: the field's text, or its option's label. */
export function columnText(column: PageColumn, row: RegistrationRow, t: (key: MessageKey) => string): string {
  const value = row.data[column.field];
  if (typeof value !== 'string') return '';
  return column.option && value ? t(nameKey.option(column.option, value)) : value;
}

/**
 * The custom questions a list shows as columns: those answered by a choice or by yes or no, short enough to
 * read across a table and worth filtering by eye (a meal, a dinner); every question is in the detail and
 * the exports. Retired questions are left out of the list.
 */
export function questionColumns(forms: readonly WebhookForm[], kinds: readonly RegistrationKind[]) {
  return kinds
    .flatMap((kind) => questionsOfKind(forms, kind))
    .filter((question) => !question.retired && (question.type === 'choice' || question.type === 'yesNo'));
}

/** A question column's cell: the option's label in the organiser's language, or yes or no. */
export function questionText(
  question: CustomQuestion,
  row: RegistrationRow,
  t: (key: MessageKey) => string,
  locale: Locale,
): string {
  const value = row.data[questionField(question.id)];
  if (typeof value !== 'string' || value === '') return '';
  if (question.type === 'yesNo') return t(nameKey.option('yesNo', value));
  return textIn(question.options.find((option) => option.code === value)?.label, locale) || value;
}
