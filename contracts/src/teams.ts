import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';
import { listOf, orgParams } from './organizations';
import { projectParams } from './tasks';
import { project, projectBody, type Team, team, teamBody, teamMembersBody } from './upstream-teams';
import { id } from './validation';

export const teamParams = z.object({ id: id() });

/**
 * Spec section 3: "the interface derives memberCount and defaults recentTasks, unreadMessages,
 * lastActivity and nextMeeting to 0 and status to active". The upstream's team carries none of them.
 */
export interface CommissionCard extends Team {
  memberCount: number;
  recentTasks: number;
  unreadMessages: number;
  lastActivity: number;
  nextMeeting: number;
  status: 'active';
}
export function toCommissionCard(value: Team): CommissionCard {
  return {
    ...value,
    memberCount: value.members.length,
    recentTasks: 0,
    unreadMessages: 0,
    lastActivity: 0,
    nextMeeting: 0,
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
