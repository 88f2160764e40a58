import { apiRoutes } from '@evt/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useEvent } from '../../../lib/queries/event';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale-path';
import { useMe } from '../../../lib/session/me';
import { useDocuments } from '../api/event-console';
import type { MessageKey } from '../../../lib/i18n/keys';

type Item = {
  at: string;
  key: Extract<MessageKey, `console.activities.${string}`>;
  values: { name: string };
};

function Timeline({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const tasks = useQuery({
    queryKey: ['tasks', 'event', eventId],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.tasks.listForEvent, { params: { id: eventId }, signal })).data,
  });
  const teams = useQuery({
    queryKey: ['teams', 'event', eventId],
    queryFn: async ({ signal }) =>
      (await apiRequest(apiRoutes.teams.listForEvent, { params: { id: eventId }, signal })).data,
  });
  const documents = useDocuments(eventId);
  const failure = tasks.error ?? teams.error ?? documents.error;
  if (failure) return <ErrorAlert error={failure} />;
  if (tasks.isPending || teams.isPending || documents.isPending) return <PageSpinner />;
  const items: Item[] = [
    ...(teams.data ?? []).map(
      (x): Item => ({
        at: x.createdAt,
        key: 'console.activities.commission',
        values: { name: x.name },
      }),
    ),
    ...(tasks.data ?? []).map(
      (x): Item => ({
        at: x.createdAt,
        key: x.completed ? 'console.activities.taskDone' : 'console.activities.task',
        values: { name: x.title },
      }),
    ),
    ...(documents.data ?? []).map(
      (x): Item => ({
        at: x.createdAt,
        key: 'console.activities.document',
        values: { name: x.filename },
      }),
    ),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (items.length === 0) return <p>{t('console.activities.empty')}</p>;
  return (
    <ol className="timeline">
      {items.map((item) => (
        <li key={`${item.key}-${item.at}-${item.values.name}`}>
          <time dateTime={item.at}>{formatDate(item.at)}</time> {t(item.key, item.values)}
        </li>
      ))}
    </ol>
  );
}

/**
 * `/activities-{event}`: what happened on the event (commissions, tasks, documents), newest first. The
 * path is public in the spec: a visitor is asked to sign in (the activity itself is the organisers').
 */
export function ActivitiesPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const me = useMe();
  useDocumentTitle(t('console.activities.title'));
  const signedIn = Boolean(me.data?.user);
  const event = useEvent(eventId, { enabled: signedIn });
  if (me.isPending) return <PageSpinner />;
  if (!signedIn) {
    return (
      <div className="page">
        <h1>{t('console.activities.title')}</h1>
        <p>
          <Link to={lp(`/auth/login?redirect=${encodeURIComponent(`/activities-${eventId}`)}`)}>
            {t('console.activities.signIn')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('console.activities.title')}</h1>
        {event.isError ? <ErrorAlert error={event.error} /> : <Timeline eventId={eventId} />}
      </div>
    </EventLayout>
  );
}
