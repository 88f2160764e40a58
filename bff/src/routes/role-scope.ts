import type { RouteContract } from '@evt/contracts/http';
import { hasRole } from '@evt/contracts/roles';
import { errorCode } from '@evt/contracts/errors';
import { HttpError } from '../http/http-error';
import type { StoredSession } from '../session/session-data';
import type { RouteContext } from './context';

export type RoleDeps = Pick<RouteContext, 'api' | 'sessions'>;

/** What the call is about: the organisation itself, or an event or invitation that belongs to one. */
export interface RoleScope {
  kind: 'organization' | 'event' | 'invitation';
  id: number;
}

/** The signed-in caller, from the fast path's stored session or from express-session alike. */
export interface Caller {
  sid: string;
  session: StoredSession;
  token: string;
  requestId: string;
  /** the upstream said 401: end the session (and, on Express, clear the cookie) */
  endSession(): Promise<void>;
}

/** A REST call with the user's token; 401 ends the session, 404 is ours, other refusals are 403. */
export async function userGet(
  deps: RoleDeps,
  caller: Caller,
  route: string,
  params?: Record<string, string | number>,
): Promise<unknown> {
  const answer = await deps.api.call('GET', route, {
    params,
    token: caller.token,
    requestId: caller.requestId,
  });
  if (answer.status === 401) {
    await caller.endSession();
    throw new HttpError(401, errorCode.sessionExpired);
  }
  if (answer.status === 404) throw new HttpError(404, errorCode.notFound);
  if (answer.status !== 200 || typeof answer.data !== 'object' || answer.data === null) {
    throw new HttpError(403, errorCode.forbidden);
  }
  return answer.data;
}

const SCOPED_PATH = /^\/(organizations|events|invitations)\/:(\w+)(?:\/|$)/;
const KINDS = { organizations: 'organization', events: 'event', invitations: 'invitation' } as const;

/**
 * Where a route's scope is read: its first path segment names the resource, the parameter after it its id
 * (`/organizations/:id/...`, `/events/:id/...`, `/invitations/:id/...`). Null for any other path: a role
 * cannot be enforced there, so declaring one is a mistake that stops the BFF at start (see roleScopes).
 */
export function scopeOf(route: Pick<RouteContract, 'path'>): ((params: unknown) => RoleScope) | null {
  const match = SCOPED_PATH.exec(route.path);
  if (match === null) return null;
  const kind = KINDS[match[1] as keyof typeof KINDS];
  const name = match[2] as string;
  return (params) => ({ kind, id: Number((params as Record<string, unknown>)[name]) });
}

/** Each route that needs a role, with where its scope is read; throws on one whose scope is unknown. */
export function roleScopes(
  routes: readonly RouteContract[],
): Map<RouteContract, (params: unknown) => RoleScope> {
  const scopes = new Map<RouteContract, (params: unknown) => RoleScope>();
  for (const route of routes) {
    if (route.role === undefined || route.role === 'member') continue;
    const scope = scopeOf(route);
    if (scope === null) throw new Error(`${route.method} ${route.path}: role ${route.role} without a scope`);
    scopes.set(route, scope);
  }
  return scopes;
}

interface Page {
  data?: { id?: unknown }[];
  total?: unknown;
}

/**
 * The organisation of an invitation, looked for only in the organisations the caller manages (the REST
 * API has no read of one invitation by id): their invitation lists, page by page. Null when not there.
 */
export async function invitationOrganisation(
  deps: RoleDeps,
  caller: Caller,
  invitationId: number,
): Promise<number | null> {
  const orgs = (await userGet(deps, caller, '/organizations')) as {
    data?: { id: number; memberType?: string }[];
  };
  for (const org of orgs.data ?? []) {
    if (!hasRole(org.memberType, 'manager')) continue;
    const limit = 50;
    for (let page = 1; ; page++) {
      const route = `/organizations/:id/invitations?limit=${limit}&page=${page}`;
      const answer = (await userGet(deps, caller, route, { id: org.id })) as Page;
      const rows = answer.data ?? [];
      if (rows.some((row) => row.id === invitationId)) return org.id;
      if (rows.length < limit || page * limit >= Number(answer.total)) break;
    }
  }
  return null;
}
