import {
  B2B_PROFILE_TYPES,
  CERTIFICATIONS,
  NEED_TYPES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  REVENUE_BANDS,
  SECTORS,
} from '@evt/contracts/constants';
import type { DirectoryQuery } from '@evt/contracts/b2b';
import { countryOptions } from '@evt/contracts/forms/countries';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { useLocale } from '../../../lib/locale-path';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import type { SpaceLink } from '../api/space';
import { useRead } from '../../../lib/read-cache';
import { directoryRead } from '../api/space-reads';
import { CompanyCard } from './company-card';

const FILTERS = [
  'profileType',
  'sector',
  'offer',
  'need',
  'country',
  'format',
  'revenue',
  'certification',
] as const;
type Filter = (typeof FILTERS)[number];

/**
 * The event's confirmed companies: a search and eight filters, kept in the address (a reload or Back keeps
 * them). Each filter is a labelled select; the count of results is announced.
 */
export function DirectoryView({ link }: { link: SpaceLink }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [params, updateParams] = useSearchParamsUpdate();
  const query: DirectoryQuery = { q: params.get('q') ?? '' };
  for (const f of FILTERS) {
    const v = params.get(f);
    if (v) (query as Record<string, string>)[f] = v;
  }
  const { data, error } = useRead(directoryRead, { link, query }, { keepPrevious: true });
  const set = (name: string, value: string) =>
    updateParams(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
        next.set('view', 'directory');
      },
      { replace: true },
    );
  const options: Record<Filter, { value: string; label: string }[]> = {
    profileType: B2B_PROFILE_TYPES.map((v) => ({ value: v, label: t(`enums.b2bProfileTypes.${v}`) })),
    sector: SECTORS.map((v) => ({ value: v, label: t(`enums.sectors.${v}`) })),
    offer: OFFER_TYPES.map((v) => ({ value: v, label: t(`enums.offerTypes.${v}`) })),
    need: NEED_TYPES.map((v) => ({ value: v, label: t(`enums.needTypes.${v}`) })),
    country: countryOptions(locale),
    format: PARTICIPATION_FORMATS.map((v) => ({ value: v, label: t(`enums.participationFormats.${v}`) })),
    revenue: REVENUE_BANDS.map((v) => ({ value: v, label: t(`enums.revenueBands.${v}`) })),
    certification: CERTIFICATIONS.map((v) => ({ value: v, label: t(`enums.certifications.${v}`) })),
  };
  return (
    <section aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('b2b.space.tabs.directory')}</h2>
      <search>
        <form className="b2b-filters" onSubmit={(e) => e.preventDefault()}>
          <div className="field">
            <label htmlFor={`${id}-q`}>{t('b2b.space.directory.search')}</label>
            <input
              id={`${id}-q`}
              type="search"
              defaultValue={query.q}
              onChange={(e) => set('q', e.target.value)}
            />
          </div>
          {FILTERS.map((f) => (
            <div className="field" key={f}>
              <label htmlFor={`${id}-${f}`}>{t(`b2b.space.directory.${f}`)}</label>
              <select id={`${id}-${f}`} value={params.get(f) ?? ''} onChange={(e) => set(f, e.target.value)}>
                <option value="">{t('b2b.space.directory.any')}</option>
                {options[f].map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </form>
      </search>
      <ErrorAlert error={error} />
      <p role="status" className="b2b-space__count">
        {data ? (
          t('b2b.space.directory.results', { count: data.total })
        ) : (
          <Spinner label={t('b2b.space.loading')} />
        )}
      </p>
      {data ? (
        <ul className="b2b-cards">
          {data.data.map((c) => (
            <CompanyCard key={c.id} company={c} to={`?company=${c.id}`} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
