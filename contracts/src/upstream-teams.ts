import { z } from 'zod';
import { id, optionalText, requiredText } from './validation';

/** Teams (commissions), their projects and tasks on the REST upstream (spec section 7). */

export const personRef = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const team = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(personRef),
  createdAt: z.string(),
});
export type Team = z.infer<typeof team>;

const userIds = z.array(id()).max(200);

export const teamBody = z.object({
  name: requiredText(120),
  description: optionalText(1000),
  /** organisation members to add at once */
  memberIds: userIds.optional().default([]),
});
export const teamMembersBody = z.object({ userIds: userIds.min(1) });

export const project = z.object({
  id: z.number().int(),
  teamId: z.number().int(),
  name: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type Project = z.infer<typeof project>;
export const projectBody = z.object({ name: requiredText(120), description: optionalText(1000) });

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const task = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  teamId: z.number().int(),
  eventId: z.number().int(),
  title: z.string(),
  description: z.string(),
  /** spec: defaults to high */
  priority: z.enum(TASK_PRIORITIES),
  completed: z.boolean(),
  dueDate: z.string().nullable(),
  members: z.array(personRef),
  createdAt: z.string(),
});
export type Task = z.infer<typeof task>;
/** A task's due date is a day, not an instant: the end of that day (`YYYY-MM-DD`), UTC. */
export const dueDateOfDay = (day: string) => `${day}T23:59:00Z`;
export const taskBody = z.object({
  title: requiredText(200),
  description: optionalText(2000),
  priority: z.enum(TASK_PRIORITIES).default('high'),
  dueDate: z.iso.datetime({ offset: true }).nullable().optional(),
  memberIds: userIds.optional().default([]),
});

/**
 * Extension `PUT /tasks/{id}` (the spec has no call to correct a task): the creation fields, all sent;
 * assignees are changed by their own calls (add, and the extension `DELETE /tasks/{id}/members/{memberId}`).
 */
export const taskUpdateBody = z.object({
  title: taskBody.shape.title,
  description: taskBody.shape.description,
  priority: z.enum(TASK_PRIORITIES),
  dueDate: z.iso.datetime({ offset: true }).nullable(),
});
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;
