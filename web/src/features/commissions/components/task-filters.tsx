import { filterTasks, TASK_STATUSES, type TaskFilters } from '@evt/contracts/tasks';
import type { Member } from '@evt/contracts/upstream-members';
import { TASK_PRIORITIES, type Task, type Team } from '@evt/contracts/upstream-teams';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/ui/select';
import { TaskList } from './task-list';

const num = (value: string) => (value ? Number(value) : undefined);

/** The event's tasks, filtered by commission, assignee, priority and status. */
export function TaskBoard({
  eventId,
  tasks,
  teams,
  members,
}: {
  eventId: number;
  tasks: readonly Task[];
  teams: readonly Team[];
  members: readonly Member[];
}) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<TaskFilters>({});
  const shown = filterTasks(tasks, filters);
  const all = { value: '', label: t('console.tasks.filters.all') };
  return (
    <section className="card" aria-labelledby="tasks-title">
      <h2 id="tasks-title" className="card__title">
        {t('console.tasks.title')}
      </h2>
      <div className="form__row filters">
        <Select
          label={t('console.tasks.filters.commission')}
          value={filters.teamId ?? ''}
          onChange={(e) => setFilters({ ...filters, teamId: num(e.target.value) })}
          options={[all, ...teams.map((team) => ({ value: String(team.id), label: team.name }))]}
        />
        <Select
          label={t('console.tasks.filters.assignee')}
          value={filters.assigneeId ?? ''}
          onChange={(e) => setFilters({ ...filters, assigneeId: num(e.target.value) })}
          options={[
            all,
            ...members.map((m) => ({
              value: String(m.userId),
              label: t('common.fullName', { first: m.firstName, last: m.lastName }),
            })),
          ]}
        />
        <Select
          label={t('console.tasks.filters.priority')}
          value={filters.priority ?? ''}
          onChange={(e) =>
            setFilters({ ...filters, priority: (e.target.value || undefined) as TaskFilters['priority'] })
          }
          options={[
            all,
            ...TASK_PRIORITIES.map((p) => ({ value: p, label: t(`console.tasks.priority.${p}`) })),
          ]}
        />
        <Select
          label={t('console.tasks.filters.status')}
          value={filters.status ?? ''}
          onChange={(e) =>
            setFilters({ ...filters, status: (e.target.value || undefined) as TaskFilters['status'] })
          }
          options={[all, ...TASK_STATUSES.map((s) => ({ value: s, label: t(`console.tasks.status.${s}`) }))]}
        />
      </div>
      <p aria-live="polite">{t('console.tasks.count', { count: shown.length })}</p>
      <TaskList eventId={eventId} tasks={shown} members={members} />
    </section>
  );
}
