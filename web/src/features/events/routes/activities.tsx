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
import { useActivity } from '../api/activity';
import { type TimelineItem, useActivityItems } from '../components/activity-items';

function Timeline({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const formatDate = useDateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
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
  const recorded = useActivity(eventId);
  const recordedItems = useActivityItems();
  const failure = tasks.error ?? teams.error ?? documents.error ?? recorded.error;
  if (failure) return <ErrorAlert error={failure} />;
  if (tasks.isPending || teams.isPending || documents.isPending || recorded.isPending) return <PageSpinner />;
  const planning = (id: string, at: string, text: string): TimelineItem => ({
    id,
    at,
    text,
    actor: null,
    to: `/events/commission-${eventId}`,
  });
  const items: TimelineItem[] = [
    ...recordedItems(eventId, recorded.data ?? []),
    ...(teams.data ?? []).map((x) =>
      planning(`team-${x.id}`, x.createdAt, t('console.activities.commission', { name: x.name })),
    ),
    ...(tasks.data ?? []).map((x) =>
      planning(
        `task-${x.id}`,
        x.createdAt,
        t(x.completed ? 'console.activities.taskDone' : 'console.activities.task', { name: x.title }),
      ),
    ),
    ...(documents.data ?? []).map(
      (x): TimelineItem => ({
        id: `document-${x.id}`,
        at: x.createdAt,
        text: t('console.activities.document', { name: x.filename }),
        actor: null,
        to: `/events/dashboard-${eventId}`,
      }),
    ),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (items.length === 0) return <p>{t('console.activities.empty')}</p>;
  return (
    <ol className="timeline" aria-label={t('console.activities.title')}>
      {items.map((item) => (
        <li key={item.id}>
          <time dateTime={item.at}>{formatDate(item.at)}</time>{' '}
          {item.to ? <Link to={lp(item.to)}>{item.text}</Link> : item.text}
          {item.actor ? <> {t('console.activities.by', { name: item.actor })}</> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * `/activities-{event}`: what happened on the event (registrations, mailings, B2B, deletions, commissions,
 * tasks, documents), newest first, each linked to its page while it exists. The
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
