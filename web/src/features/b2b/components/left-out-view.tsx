import type { LeftOutForAvailability } from '@evt/contracts/b2b';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../../lib/locale-path';

/** a company that ticked no part of the day is available at any time */
const ANY_TIME = ['morning', 'afternoon', 'evening'] as const;

/**
 * The best matches the suggestions leave out because the two companies can never meet (no slot of the
 * programme where both are available), each with when the other company is available: the reason, so a
 * strong match missing from the list is not a mystery.
 */
export function LeftOutView({ items }: { items: LeftOutForAvailability[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (items.length === 0) return null;
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const date = (d: string) => (d ? day.format(new Date(`${d}T12:00:00Z`)) : '');
  return (
    <section aria-labelledby="b2b-left-out">
      <h3 id="b2b-left-out">{t('b2b.space.leftOut.title')}</h3>
      <ul className="b2b-left-out">
        {items.map((c) => (
          <li key={c.id}>
            <Link to={`?company=${c.id}`}>{c.companyName}</Link>
            {' · '}
            {t('b2b.space.score', { score: c.score })}
            {' · '}
            {t('b2b.space.leftOut.line', {
              company: c.companyName,
              times: list.format(
                (c.timeSlots.length ? c.timeSlots : ANY_TIME).map((s) => t(`enums.timeSlots.${s}`)),
              ),
              start: date(c.availabilityStart),
              end: date(c.availabilityEnd),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
