import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import type { SpaceLink } from '../api/space';
import { useRead } from '../../../lib/read-cache';
import { suggestionsRead } from '../api/space-reads';
import { CompanyCard } from './company-card';
import { LeftOutView } from './left-out-view';

/** The companies that match best, strongest first (the engine's ranking, over the organiser's minimum). */
export function SuggestionsView({ link }: { link: SpaceLink }) {
  const { t } = useTranslation();
  const { data, error } = useRead(suggestionsRead, link);
  return (
    <section aria-labelledby="b2b-suggestions">
      <h2 id="b2b-suggestions">{t('b2b.space.tabs.suggestions')}</h2>
      <ErrorAlert error={error} />
      {!data && !error ? <Spinner label={t('b2b.space.loading')} /> : null}
      {data && data.data.length === 0 ? (
        <EmptyState
          title={t('b2b.space.noSuggestions.title')}
          message={t('b2b.space.noSuggestions.message')}
        />
      ) : null}
      {data ? (
        <ol className="b2b-cards">
          {data.data.map((c) => (
            <CompanyCard key={c.id} company={c} to={`?company=${c.id}`} />
          ))}
        </ol>
      ) : null}
      {data ? <LeftOutView items={data.leftOut} /> : null}
    </section>
  );
}
