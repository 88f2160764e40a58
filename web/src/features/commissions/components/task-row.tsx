import type { Member } from '@evt/contracts/upstream-members';
import type { Task } from '@evt/contracts/upstream-teams';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { errorMessageKey } from '../../../lib/api-error';
import { useDateFormatter } from '../../../lib/format';
import { useReturnFocus } from '../../../lib/use-return-focus';
import { useUnassignTaskMutation } from '../api/task-edits';
import { useAssignTaskMutation, useToggleTaskMutation } from '../api/teams';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { MemberPicker } from './member-picker';
import { TaskEditForm } from './task-edit-form';

export function TaskRow({
  task,
  members,
  onDelete,
}: {
  task: Task;
  members: readonly Member[];
  /** the delete is the list's (the row goes at once; the list announces a refusal) */
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const [editing, setEditing] = useState(false);
  const editButton = useReturnFocus<HTMLButtonElement>(editing);
  const toggle = useToggleTaskMutation(task.eventId);
  const assign = useAssignTaskMutation(task.eventId);
  const unassign = useUnassignTaskMutation(task.eventId);
  const free = members.filter((m) => !task.members.some((a) => a.userId === m.userId));
  const failure = toggle.error ?? assign.error ?? unassign.error;
  if (editing) {
    return (
      <li className="card task">
        <TaskEditForm task={task} onDone={() => setEditing(false)} />
      </li>
    );
  }
  return (
    <li className={`card task${task.completed ? ' task--done' : ''}`}>
      <div className="task__main">
        <input
          id={`${id}-done`}
          type="checkbox"
          checked={task.completed}
          onChange={() => toggle.mutate(task.id)}
        />
        <label htmlFor={`${id}-done`} className="task__title">
          {task.title}
        </label>
        <span className={`badge badge--${task.priority}`}>
          {t(`console.tasks.priority.${task.priority}`)}
        </span>
        <Button
          ref={editButton}
          size="sm"
          variant="secondary"
          aria-label={t('console.taskEdit.editLabel', { title: task.title })}
          onClick={() => setEditing(true)}
        >
          {t('console.taskEdit.edit')}
        </Button>
        <ConfirmDelete
          label={t('console.taskEdit.deleteLabel', { title: task.title })}
          title={t('console.taskEdit.deleteTitle', { title: task.title })}
          description={t('console.taskEdit.deleteWarning')}
          onConfirm={onDelete}
        />
      </div>
      {task.description ? <p>{task.description}</p> : null}
      <p className="task__meta">
        {task.dueDate ? t('console.tasks.due', { date: formatDate(task.dueDate) }) : t('console.tasks.noDue')}
      </p>
      {task.members.length > 0 ? (
        <ul
          className="task__meta task__assignees"
          aria-label={t('console.taskEdit.assignees', { title: task.title })}
        >
          {task.members.map((m) => {
            const name = t('common.fullName', { first: m.firstName, last: m.lastName });
            return (
              <li key={m.userId}>
                {name}{' '}
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('console.taskEdit.unassignLabel', { name, title: task.title })}
                  onClick={() => unassign.mutate({ taskId: task.id, memberId: m.userId })}
                >
                  {t('console.taskEdit.unassign')}
                </Button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="task__meta">{t('console.tasks.unassigned')}</p>
      )}
      <MemberPicker
        label={t('console.tasks.assignLabel', { title: task.title })}
        submitLabel={t('console.tasks.assign')}
        candidates={free}
        busy={assign.isPending}
        onPick={(memberId, done) => assign.mutate({ taskId: task.id, memberId }, { onSuccess: done })}
      />
      {failure ? <p role="alert">{t(errorMessageKey(failure))}</p> : null}
    </li>
  );
}
