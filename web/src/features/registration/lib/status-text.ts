import type { Locale } from '@evt/contracts/locale';
import type { RegistrationRow } from '@evt/contracts/registrations';
import type { TFunction } from 'i18next';
import { nameKey } from '../../../lib/i18n/keys';
import { formatMoment } from './field-values';

/**
 * A registration's status as the list and the detail write it: a waiting person with its place on the
 * list, a promoted one with its deadline to confirm (docs/decisions/registration.md), else the status.
 */
export function statusText(
  row: Pick<RegistrationRow, 'status' | 'waitlistPlace' | 'confirmBy'>,
  t: TFunction,
  locale: Locale,
): string {
  if (row.status === 'waitlisted' && row.waitlistPlace)
    return t('registrationsAdmin.waitlist.place', { place: row.waitlistPlace });
  if (row.status === 'promoted' && row.confirmBy)
    return t('registrationsAdmin.waitlist.confirmBy', { date: formatMoment(row.confirmBy, locale) });
  return t(nameKey.option('registrationStatuses', row.status));
}
