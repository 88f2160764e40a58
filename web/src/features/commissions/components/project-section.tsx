import type { Member } from '@evt/contracts/upstream-members';
import type { Project, Task } from '@evt/contracts/upstream-teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useUpdateProjectMutation } from '../api/project-edits';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { NameForm } from './name-form';
import { TaskForm } from './task-form';
import { TaskList } from './task-list';

/** One project of a commission: its name (editable), its tasks, a form to add one, and its delete. */
export function ProjectSection({
  project,
  eventId,
  tasks,
  members,
  onDelete,
}: {
  project: Project;
  eventId: number;
  tasks: readonly Task[];
  members: readonly Member[];
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useUpdateProjectMutation(project.teamId);
  const headingId = `project-${project.id}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="page__header">
        <h2 id={headingId} className="card__title">
          {project.name}
        </h2>
        <div className="form__row">
          <Button
            size="sm"
            variant="secondary"
            aria-label={t('console.projectEdit.editLabel', { name: project.name })}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
          >
            {t('console.projectEdit.edit')}
          </Button>
          <ConfirmDelete
            label={t('console.projectEdit.deleteLabel', { name: project.name })}
            title={t('console.projectEdit.deleteTitle', { name: project.name })}
            description={t('console.projectEdit.deleteWarning', { count: tasks.length })}
            onConfirm={onDelete}
          />
        </div>
      </div>
      {editing ? (
        <NameForm
          title={t('console.projectEdit.formLabel', { name: project.name })}
          submit={t('console.projectEdit.save')}
          busy={update.isPending}
          initial={{ name: project.name, description: project.description }}
          onCancel={() => setEditing(false)}
          onSubmit={(body, done) =>
            update.mutate(
              { projectId: project.id, body },
              { onSuccess: () => setEditing(false), onError: done.fail },
            )
          }
        />
      ) : project.description ? (
        <p>{project.description}</p>
      ) : null}
      <TaskList eventId={eventId} tasks={tasks} members={members} />
      <TaskForm eventId={eventId} projectId={project.id} projectName={project.name} />
    </section>
  );
}
