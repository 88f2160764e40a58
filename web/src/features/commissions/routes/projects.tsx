import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { useEvent } from '../../../lib/queries/event';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../../lib/session/me';
import { NotFoundMessage } from '../../../components/not-found-message';
import {
  useCreateProjectMutation,
  useEventTasks,
  useOrganizationMembers,
  useOrganizationTeams,
  useProjects,
} from '../api/teams';
import { useDeleteProjectMutation } from '../api/project-edits';
import { NameForm } from '../components/name-form';
import { ProjectSection } from '../components/project-section';

/** `/events/commission-{commissionId}/projects`: a commission's projects, each with its tasks. */
export function ProjectsPage({ teamId }: { teamId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { selection } = useSession();
  // no call reads one team: the selected organisation's teams say which event it belongs to
  const teams = useOrganizationTeams(selection.organizationId);
  const team = teams.data?.find((item) => item.id === teamId);
  const event = useEvent(team?.eventId ?? null);
  const projects = useProjects(teamId);
  const tasks = useEventTasks(team?.eventId ?? null);
  const members = useOrganizationMembers(selection.organizationId);
  const create = useCreateProjectMutation(teamId);
  const remove = useDeleteProjectMutation(teamId, team?.eventId ?? 0);
  useDocumentTitle(t('console.projects.title'));

  if (teams.isSuccess && !team) return <NotFoundMessage />;
  const failure = teams.error ?? projects.error ?? tasks.error;
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <div className="page__header">
          <div>
            <p className="page__eyebrow">{team?.name}</p>
            <h1>{t('console.projects.title')}</h1>
          </div>
          {team ? (
            <Link to={lp(`/events/commission-${team.eventId}`)}>{t('console.projects.back')}</Link>
          ) : null}
        </div>
        <ErrorAlert error={failure} />
        {projects.isPending || teams.isPending ? <PageSpinner /> : null}
        {projects.data?.length === 0 ? <p>{t('console.projects.empty')}</p> : null}
        <ErrorAlert error={remove.error} />
        {team
          ? projects.data?.map((project) => (
              <ProjectSection
                key={project.id}
                project={project}
                eventId={team.eventId}
                tasks={(tasks.data ?? []).filter((task) => task.projectId === project.id)}
                members={members.data ?? []}
                onDelete={() => remove.mutate(project.id)}
              />
            ))
          : null}
        <NameForm
          title={t('console.projects.create')}
          submit={t('console.projects.createSubmit')}
          busy={create.isPending}
          onSubmit={(values, done) => create.mutate(values, { onSuccess: done.ok, onError: done.fail })}
        />
      </div>
    </EventLayout>
  );
}
