import { apiRoutes } from '@evt/contracts/routes';
import type { Task, TaskUpdateBody } from '@evt/contracts/upstream-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { optimistic } from '../../../lib/optimistic';
import { teamKeys } from './teams';

/** Upstream extensions: correct a task, unassign a member, delete a task; each shown at once. */

export function useUpdateTaskMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { taskId: number; body: TaskUpdateBody }) =>
      apiRequest(apiRoutes.tasks.update, { params: { id: input.taskId }, body: input.body }),
    ...optimistic<Task[], { taskId: number; body: TaskUpdateBody }>(
      queryClient,
      teamKeys.tasks(eventId),
      (old, { taskId, body }) => old.map((task) => (task.id === taskId ? { ...task, ...body } : task)),
    ),
  });
}

export function useUnassignTaskMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { taskId: number; memberId: number }) =>
      apiRequest(apiRoutes.tasks.unassign, { params: input }),
    ...optimistic<Task[], { taskId: number; memberId: number }>(
      queryClient,
      teamKeys.tasks(eventId),
      (old, { taskId, memberId }) =>
        old.map((task) =>
          task.id === taskId ? { ...task, members: task.members.filter((m) => m.userId !== memberId) } : task,
        ),
    ),
  });
}

export function useDeleteTaskMutation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => apiRequest(apiRoutes.tasks.remove, { params: { id: taskId } }),
    ...optimistic<Task[], number>(queryClient, teamKeys.tasks(eventId), (old, taskId) =>
      old.filter((task) => task.id !== taskId),
    ),
  });
}
