import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';
import { listOf, orgParams } from './organizations';
import { projectParams } from './tasks';
import {
  project,
  projectBody,
  type Task,
  type Team,
  team,
  teamBody,
  teamMembersBody,
} from './upstream-teams';
import { id } from './validation';

export const teamParams = z.object({ id: id() });

/** How far back a task counts as recent on a commission's card. */
export const RECENT_TASK_DAYS = 7;

/**
 * Spec section 3 derives memberCount and defaults recentTasks, unreadMessages, lastActivity and nextMeeting
 * to 0. A card of zeros that never move tells an organiser nothing, so the card derives what the event's
 * tasks say: tasks created in the last week, tasks still open, and when the latest task was created.
 * Commissions have no messages nor meetings of their own in the product, so those two are not shown
 * (docs/decisions/console.md).
 */
export interface CommissionCard extends Team {
  memberCount: number;
  recentTasks: number;
  openTasks: number;
  /** creation time of the commission's latest task; null when it has none */
  lastActivity: string | null;
  status: 'active';
}

export function toCommissionCard(value: Team, eventTasks: readonly Task[], now: Date): CommissionCard {
  const own = eventTasks.filter((task) => task.teamId === value.id);
  const since = now.getTime() - RECENT_TASK_DAYS * 24 * 60 * 60 * 1000;
  const created = own.map((task) => Date.parse(task.createdAt)).filter((time) => !Number.isNaN(time));
  return {
    ...value,
    memberCount: value.members.length,
    recentTasks: created.filter((time) => time >= since && time <= now.getTime()).length,
    openTasks: own.filter((task) => !task.completed).length,
    lastActivity: created.length > 0 ? new Date(Math.max(...created)).toISOString() : null,
    status: 'active',
  };
}

export const teamRoutes = {
  listForOrganization: defineRoute({
    method: 'GET',
    path: '/organizations/:id/teams',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: listOf(team), ...commonErrors },
  }),
  listForEvent: defineRoute({
    method: 'GET',
    path: '/events/:id/teams',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: listOf(team), ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/events/:id/teams',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    body: teamBody,
    responses: { 201: team, ...commonErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/teams/:id',
    kind: 'proxy',
    auth: 'session',
    params: teamParams,
    responses: { 204: null, ...commonErrors },
  }),
  addMembers: defineRoute({
    method: 'POST',
    path: '/teams/:id/members',
    kind: 'proxy',
    auth: 'session',
    params: teamParams,
    body: teamMembersBody,
    responses: { 200: team, ...commonErrors },
  }),
  projects: defineRoute({
    method: 'GET',
    path: '/teams/:id/projects',
    kind: 'proxy',
    auth: 'session',
    params: teamParams,
    responses: { 200: listOf(project), ...commonErrors },
  }),
  createProject: defineRoute({
    method: 'POST',
    path: '/teams/:id/projects',
    kind: 'proxy',
    auth: 'session',
    params: teamParams,
    body: projectBody,
    responses: { 201: project, ...commonErrors },
  }),
  /** extension: rename a project or change its description */
  updateProject: defineRoute({
    method: 'PUT',
    path: '/projects/:id',
    kind: 'proxy',
    auth: 'session',
    params: projectParams,
    body: projectBody,
    responses: { 200: project, ...commonErrors },
  }),
  /** extension: the project and its tasks */
  removeProject: defineRoute({
    method: 'DELETE',
    path: '/projects/:id',
    kind: 'proxy',
    auth: 'session',
    params: projectParams,
    responses: { 204: null, ...commonErrors },
  }),
} as const;
