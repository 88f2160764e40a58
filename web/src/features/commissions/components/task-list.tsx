import type { Member } from '@evt/contracts/upstream-members';
import type { Task } from '@evt/contracts/upstream-teams';
import { ErrorAlert } from '../../../components/ui/alert';
import { useDeleteTaskMutation } from '../api/task-edits';
import { TaskRow } from './task-row';

/**
 * Tasks as rows. The delete lives here, not in the row: the row goes at once, and if the server refuses,
 * the row comes back and the reason is announced by the list (the row that asked is gone by then).
 */
export function TaskList({
  eventId,
  tasks,
  members,
}: {
  eventId: number;
  tasks: readonly Task[];
  members: readonly Member[];
}) {
  const remove = useDeleteTaskMutation(eventId);
  return (
    <>
      <ErrorAlert error={remove.error} />
      <ul className="card-list">
        {tasks.map((task) => (
          <TaskRow key={task.id} task={task} members={members} onDelete={() => remove.mutate(task.id)} />
        ))}
      </ul>
    </>
  );
}
