import { isFeatureOn } from '@evt/contracts/feature-access';
import type { EventFeature } from '@evt/contracts/features';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';
import { useLocalePath } from '../lib/locale-path';
import { useEvent } from '../lib/queries/event';
import { myPermissionsQuery } from '../lib/queries/permissions';
import { EventLayout } from './layout/event-layout';

/**
 * Whether a feature is switched off in the event, from the member's permissions answer (which carries the
 * event's features): false while unknown, so a page never flickers away. The server refuses either way.
 */
export function useFeatureOff(eventId: number, feature: EventFeature | undefined): boolean {
  const mine = useQuery(myPermissionsQuery(eventId));
  return feature !== undefined && mine.data !== undefined && !isFeatureOn(mine.data.features, feature);
}

/** What a switched-off feature's place says: its name, and the way to switch it on for those allowed. */
export function FeatureOffNotice({
  eventId,
  feature,
  headingLevel = 2,
}: {
  eventId: number;
  feature: EventFeature;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const mine = useQuery(myPermissionsQuery(eventId));
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const title = t('console.features.offTitle', { feature: t(`console.features.names.${feature}`) });
  return (
    <section className="card" aria-labelledby={`feature-off-${feature}`} data-feature-off={feature}>
      <Heading id={`feature-off-${feature}`} className={headingLevel === 1 ? undefined : 'card__title'}>
        {title}
      </Heading>
      <p>{t('console.features.offBody')}</p>
      <p>
        {mine.data?.permissions.includes('event:settings') ? (
          <Link to={lp('/admin/features')}>{t('console.features.offLink')}</Link>
        ) : (
          t('console.features.offAskOwner')
        )}
      </p>
    </section>
  );
}

function FeatureOffPage({ eventId, feature }: { eventId: number; feature: EventFeature }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  useDocumentTitle(t('console.features.offTitle', { feature: t(`console.features.names.${feature}`) }));
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <FeatureOffNotice eventId={eventId} feature={feature} headingLevel={1} />
      </div>
    </EventLayout>
  );
}

/** A console page of a feature (contracts `pageFeature`): the page, or what says the feature is off. */
export function FeatureGate({
  eventId,
  feature,
  children,
}: {
  eventId: number;
  feature: EventFeature | undefined;
  children: ReactNode;
}) {
  const off = useFeatureOff(eventId, feature);
  if (feature === undefined || !off) return children;
  return <FeatureOffPage eventId={eventId} feature={feature} />;
}
