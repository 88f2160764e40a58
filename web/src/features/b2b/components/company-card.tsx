import type { CompanySummary } from '@evt/contracts/b2b';
import { countryName } from '@evt/contracts/forms/countries';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/locale-path';
import { certificationsText, employeesText, revenueText } from './company-facts';

/**
 * One company of the directory or of the suggestions: name, profile, sectors, size, revenue,
 * certifications and the match score.
 */
export function CompanyCard({ company, to }: { company: CompanySummary; to: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <li className="b2b-card">
      <h3 className="b2b-card__name">
        <Link to={to}>{company.companyName}</Link>
      </h3>
      <p className="b2b-card__score">
        <meter min={0} max={100} value={company.score} aria-hidden="true" />{' '}
        {t('b2b.space.score', { score: company.score })}
      </p>
      <p className="b2b-card__meta">
        {t(`enums.b2bProfileTypes.${company.profileType}`)}
        {company.country ? ` · ${countryName(company.country, locale)}` : ''}
        {` · ${t(`enums.participationFormats.${company.participationFormat}`)}`}
      </p>
      <p className="b2b-card__meta">
        {company.sectors.map((s) => t(`enums.sectors.${s}` as 'enums.sectors.others')).join(', ')}
      </p>
      <p className="b2b-card__meta">
        {[employeesText(company, t, locale, true), revenueText(company, t), certificationsText(company, t)]
          .filter(Boolean)
          .join(' · ')}
      </p>
    </li>
  );
}
