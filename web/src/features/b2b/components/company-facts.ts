import type { CompanySummary } from '@evt/contracts/b2b';
import type { Locale } from '@evt/contracts/locale';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../../lib/i18n/keys';

/**
 * The employees, revenue and certifications of a company in words, the same on its profile and its
 * directory card. Employees: the count with its size band on the profile ("45 (SME (10–249 employees))"),
 * the count alone on a card ("45 employees"); the band alone for a company registered before the form
 * asked the number.
 */
export function employeesText(company: CompanySummary, t: TFunction, locale: Locale, short = false): string {
  const size = company.companySize;
  if (company.employees === null) return size ? t(`enums.companySizes.${size}` as MessageKey) : '';
  const number = new Intl.NumberFormat(locale).format(company.employees);
  if (short) return t('b2b.space.employees', { count: company.employees, formatted: number });
  return size ? t('b2b.space.profile.employeesCount', { number, size }) : number;
}

export const revenueText = (company: CompanySummary, t: TFunction): string =>
  company.annualRevenue ? t(`enums.revenueBands.${company.annualRevenue}` as MessageKey) : '';

/** The certifications ticked by their labels; `other` is the company's own words when it wrote them. */
export function certificationsText(
  company: CompanySummary & { otherCertification?: string },
  t: TFunction,
): string {
  return company.certifications
    .map((code) =>
      code === 'other' && company.otherCertification
        ? company.otherCertification
        : t(`enums.certifications.${code}` as MessageKey),
    )
    .join(', ');
}
