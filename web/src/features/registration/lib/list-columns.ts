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
