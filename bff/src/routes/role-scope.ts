import type { RouteContract } from '@evt/contracts/http';
import { hasRole } from '@evt/contracts/roles';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { StoredSession } from '../session/session-data';
import type { UserCredential } from '../upstream/client';
import type { RouteContext } from './context';

export type RoleDeps = Pick<RouteContext, 'upstream' | 'sessions' | 'rights'>;

/** What the call is about: the organisation itself, or an event or invitation that belongs to one. */
export interface RoleScope {
  kind: 'organization' | 'event' | 'invitation';
  id: number;
}

/**
 * The signed-in caller, from the fast path's stored session or from express-session alike: the upstream
 * client's credential (an upstream 401 ends the session and clears the cookie through `endSession`).
 */
export interface Caller extends UserCredential {
  sid: string;
  session: StoredSession;
  requestId: string;
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

/**
 * The organisation of an invitation, looked for only in the organisations the caller manages (the REST
 * API has no read of one invitation by id): their invitation lists, page by page. Null when not there.
 */
export async function invitationOrganisation(
  deps: RoleDeps,
  caller: Caller,
  invitationId: number,
): Promise<number | null> {
  const orgs = await deps.upstream.call(upstreamRoutes.organizations, {
    user: caller,
    requestId: caller.requestId,
  });
  for (const org of orgs.data) {
    if (!hasRole(org.memberType, 'manager')) continue;
    const limit = 50;
    for (let page = 1; ; page++) {
      const answer = await deps.upstream.call(upstreamRoutes.invitations, {
        user: caller,
        requestId: caller.requestId,
        params: { id: org.id },
        query: { limit, page },
      });
      if (answer.data.some((row) => row.id === invitationId)) return org.id;
      if (answer.data.length < limit || page * limit >= answer.total) break;
    }
  }
  return null;
}
