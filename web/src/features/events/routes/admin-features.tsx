import { EVENT_FEATURES } from '@evt/contracts/features';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { useEvent } from '../../../lib/queries/event';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../../lib/session/me';
import { useFeatures, useSetFeatureMutation } from '../api/event-console';

function Switches({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const features = useFeatures(eventId);
  const set = useSetFeatureMutation(eventId);
  if (features.isPending) return <PageSpinner />;
  if (features.isError) return <ErrorAlert error={features.error} />;
  return (
    <ul className="card-list" aria-label={t('console.features.title')}>
      {EVENT_FEATURES.map((feature) => {
        const on = features.data.features[feature] ?? true;
        const busy = set.isPending && set.variables?.feature === feature;
        return (
          <li key={feature} className="card feature">
            <div>
              <h2 className="card__title" id={`feature-${feature}`}>
                {t(`console.features.names.${feature}`)}
              </h2>
              <p id={`feature-${feature}-help`}>{t(`console.features.help.${feature}`)}</p>
            </div>
            <button
              type="button"
              role="switch"
              className={`switch${on ? ' switch--on' : ''}`}
              aria-checked={on}
              aria-labelledby={`feature-${feature}`}
              aria-describedby={`feature-${feature}-help`}
              disabled={busy}
              onClick={() => set.mutate({ feature, enabled: !on })}
            >
              <span className="switch__label">{t(on ? 'console.features.on' : 'console.features.off')}</span>
            </button>
          </li>
        );
      })}
      <ErrorAlert error={set.error} />
    </ul>
  );
}

/** `/admin/features`: the selected event's features, each on or off. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { selection } = useSession();
  const eventId = selection.eventId;
  useDocumentTitle(t('console.features.title'));
  const event = useEvent(eventId);
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('console.features.title')}</h1>
        {eventId === null ? (
          <p>
            <Link to={lp('/events')}>{t('console.features.chooseEvent')}</Link>
          </p>
        ) : (
          <Switches eventId={eventId} />
        )}
      </div>
    </EventLayout>
  );
}
