import type { Member } from '@evt/contracts/upstream-members';
import type { Task } from '@evt/contracts/upstream-teams';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api-error';
import { useDateFormatter } from '../../../lib/format';
import { MemberPicker } from './member-picker';
import { useAssignTaskMutation, useToggleTaskMutation } from '../api/teams';

export function TaskRow({ task, members }: { task: Task; members: readonly Member[] }) {
  const { t } = useTranslation();
  const id = useId();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const toggle = useToggleTaskMutation(task.eventId);
  const assign = useAssignTaskMutation(task.eventId);
  const free = members.filter((m) => !task.members.some((a) => a.userId === m.userId));
  const failure = toggle.error ?? assign.error;
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
      </div>
      {task.description ? <p>{task.description}</p> : null}
      <p className="task__meta">
        {task.dueDate ? t('console.tasks.due', { date: formatDate(task.dueDate) }) : t('console.tasks.noDue')}
        {' · '}
        {task.members.length > 0
          ? task.members.map((m) => t('common.fullName', { first: m.firstName, last: m.lastName })).join(', ')
          : t('console.tasks.unassigned')}
      </p>
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
