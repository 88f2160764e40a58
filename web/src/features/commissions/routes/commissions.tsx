import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { useEvent } from '../../../lib/queries/event';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCreateTeamMutation, useEventTasks, useEventTeams, useOrganizationMembers } from '../api/teams';
import { CommissionCard } from '../components/commission-card';
import { NameForm } from '../components/name-form';
import { TaskBoard } from '../components/task-filters';

/** `/events/commission-{eventId}`: the event's commissions as cards, a form to add one, and its tasks. */
export function CommissionsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const teams = useEventTeams(eventId);
  const tasks = useEventTasks(eventId);
  const members = useOrganizationMembers(event.data?.organizationId ?? null);
  const create = useCreateTeamMutation(eventId);
  useDocumentTitle(t('console.commissions.title'));
  const failure = event.error ?? teams.error ?? tasks.error;
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('console.commissions.title')}</h1>
        <ErrorAlert error={failure} />
        {teams.isPending || event.isPending ? <PageSpinner /> : null}
        {teams.data && event.data ? (
          teams.data.length === 0 ? (
            <p>{t('console.commissions.empty')}</p>
          ) : (
            <ul className="card-list card-list--grid" aria-label={t('console.commissions.title')}>
              {teams.data.map((team) => (
                <CommissionCard
                  key={team.id}
                  team={team}
                  organizationId={event.data.organizationId}
                  members={members.data ?? []}
                  tasks={tasks.data}
                />
              ))}
            </ul>
          )
        ) : null}
        <NameForm
          title={t('console.commissions.create')}
          submit={t('console.commissions.createSubmit')}
          busy={create.isPending}
          onSubmit={(values, done) => create.mutate(values, { onSuccess: done.ok, onError: done.fail })}
        />
        {tasks.data && teams.data ? (
          <TaskBoard eventId={eventId} tasks={tasks.data} teams={teams.data} members={members.data ?? []} />
        ) : null}
      </div>
    </EventLayout>
  );
}
