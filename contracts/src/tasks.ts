import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';
import { listOf } from './organizations';
import { type TASK_PRIORITIES, type Task, task, taskBody, taskUpdateBody } from './upstream-teams';
import { id } from './validation';

export const taskParams = z.object({ id: id() });
export const projectParams = z.object({ id: id() });
export const taskMemberParams = z.object({ taskId: id(), memberId: id() });

/** Filters of the event's task list (applied in the browser: GET /events/{id}/tasks takes none). */
export const TASK_STATUSES = ['open', 'done'] as const;
export interface TaskFilters {
  teamId?: number;
  assigneeId?: number;
  priority?: (typeof TASK_PRIORITIES)[number];
  status?: (typeof TASK_STATUSES)[number];
}
export function filterTasks(tasks: readonly Task[], f: TaskFilters): Task[] {
  return tasks.filter(
    (k) =>
      (f.teamId === undefined || k.teamId === f.teamId) &&
      (f.assigneeId === undefined || k.members.some((m) => m.userId === f.assigneeId)) &&
      (f.priority === undefined || k.priority === f.priority) &&
      (f.status === undefined || k.completed === (f.status === 'done')),
  );
}

export const taskRoutes = {
  listForEvent: defineRoute({
    method: 'GET',
    path: '/events/:id/tasks',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: listOf(task), ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/tasks',
    kind: 'proxy',
    auth: 'session',
    params: projectParams,
    body: taskBody,
    responses: { 201: task, ...commonErrors },
  }),
  /** a toggle (spec section 4): no body */
  toggleCompletion: defineRoute({
    method: 'PUT',
    path: '/tasks/:id/completion',
    kind: 'proxy',
    auth: 'session',
    params: taskParams,
    responses: { 200: task, ...commonErrors },
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/tasks/:taskId/members/:memberId',
    kind: 'proxy',
    auth: 'session',
    params: taskMemberParams,
    responses: { 200: task, ...commonErrors },
  }),
  /** extension: correct a task's fields; members of the event's organisation only */
  update: defineRoute({
    method: 'PUT',
    path: '/tasks/:id',
    kind: 'proxy',
    auth: 'session',
    params: taskParams,
    body: taskUpdateBody,
    responses: { 200: task, ...commonErrors },
  }),
  /** extension */
  remove: defineRoute({
    method: 'DELETE',
    path: '/tasks/:id',
    kind: 'proxy',
    auth: 'session',
    params: taskParams,
    responses: { 204: null, ...commonErrors },
  }),
  /** extension: the reverse of `assign`; answers the task */
  unassign: defineRoute({
    method: 'DELETE',
    path: '/tasks/:taskId/members/:memberId',
    kind: 'proxy',
    auth: 'session',
    params: taskMemberParams,
    responses: { 200: task, ...commonErrors },
  }),
} as const;
