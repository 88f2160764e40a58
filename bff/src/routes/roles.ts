import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCode } from '@evt/contracts/errors';
import type { RouteContract } from '@evt/contracts/http';
import type { Request, Response } from 'express';
import { featureOf } from '@evt/contracts/feature-access';
import { accessOf, isPermissionAccess } from '@evt/contracts/route-access';
import { hasRole, type OrgRole } from '@evt/contracts/roles';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { HttpError } from '../http/http-error';
import type { Authorize } from '../proxy/fast-path';
import { requestId } from '../http/request-id';
import { endStoredSession } from '../session/end-session';
import { endSession, requireAuth } from '../session/request-session';
import { type Caller, invitationOrganisation, type RoleDeps, type RoleScope, roleScopes } from './role-scope';
import {
  checkPermission,
  type Needed,
  type PermissionDeps,
  type PermissionScope,
  permissionScopeOf,
  stillTrusted,
} from './permissions';
import type { StoredSession } from '../session/session-data';

declare module 'express-session' {
  interface SessionData {
    /** organisation id -> the user's member type there, when read and until when (ms) it is taken as known */
    orgRoles: Record<string, { type: string; at: number; until: number }>;
  }
}

/** How long a member type read from the upstream is trusted, per session (as membership checks). */
const ROLE_TTL_MS = 5 * 60_000;

/** The caller's member type in an organisation: the session's copy while fresh, else GET /organizations/{id}. */
async function memberTypeIn(deps: RoleDeps, caller: Caller, orgId: number): Promise<string | null> {
  const key = String(orgId);
  const now = Date.now();
  const known = caller.session.orgRoles?.[key];
  if (known !== undefined && stillTrusted(deps.rights, known, now)) return known.type;
  const org = await deps.upstream.call(upstreamRoutes.organization, {
    user: caller,
    requestId: caller.requestId,
    params: { id: orgId },
  });
  const type = org.memberType;
  if (type === null) return null;
  const kept = Object.entries(caller.session.orgRoles ?? {}).filter(([, entry]) => entry.until > now);
  const orgRoles = { ...Object.fromEntries(kept), [key]: { type, at: now, until: now + ROLE_TTL_MS } };
  // only a cache: when the store cannot keep it, the answer stands and the next call asks again
  await deps.sessions.store.patch(caller.sid, { orgRoles }).catch(() => undefined);
  return type;
}

/**
 * Refuses (403 errors.forbidden) a caller without `role` in the organisation the scope belongs to, before
 * anything of the call reaches the upstream. `member` is left to the upstream's own membership check.
 */
export async function requireRole(
  deps: RoleDeps,
  caller: Caller,
  role: OrgRole | undefined,
  scope: RoleScope,
): Promise<void> {
  if (role === undefined || role === 'member') return;
  let orgId: number;
  if (scope.kind === 'organization') orgId = scope.id;
  else if (scope.kind === 'event') {
    const event = await deps.upstream.call(upstreamRoutes.event, {
      user: caller,
      requestId: caller.requestId,
      params: { id: scope.id },
    });
    orgId = event.organizationId;
  } else {
    // found only among the organisations the caller manages: elsewhere the answer is 403 either way
    const found = await invitationOrganisation(deps, caller, scope.id);
    if (found === null) throw new HttpError(403, errorCode.forbidden);
    orgId = found;
  }
  if (!hasRole(await memberTypeIn(deps, caller, orgId), role)) throw new HttpError(403, errorCode.forbidden);
}

/** The caller of an Express route (after express-session and requireAuth). */
export function expressCaller(deps: RoleDeps, req: Request, res: Response): Caller {
  const auth = requireAuth(req);
  return {
    sid: req.sessionID,
    session: req.session,
    token: auth.accessToken,
    requestId: requestId(req),
    endSession: () => endSession(req, res, deps.sessions),
  };
}

/** The caller of a fast-path call, from its stored session. */
function storedCaller(
  deps: RoleDeps,
  req: IncomingMessage,
  res: ServerResponse,
  sid: string,
  session: StoredSession,
  token: string,
): Caller {
  return {
    sid,
    session,
    token,
    requestId: requestId(req),
    endSession: () => endStoredSession(deps.sessions, sid, res),
  };
}

/**
 * Each route with a permission, what it needs (the permission and its feature, feature-access.ts) and where
 * its event is read; throws on a route missing from the access table.
 */
export function permissionChecks(
  routes: readonly RouteContract[],
): Map<RouteContract, { needed: Needed; scope: (params: unknown) => PermissionScope }> {
  const checks = new Map<RouteContract, { needed: Needed; scope: (params: unknown) => PermissionScope }>();
  for (const route of routes) {
    const access = accessOf(route);
    const name = `${route.method} ${route.path}`;
    if (access === undefined) throw new Error(`${name}: no entry in contracts/src/route-access.ts`);
    if (!isPermissionAccess(access)) continue;
    const scope = permissionScopeOf(route);
    if (scope === null) throw new Error(`${name}: permission ${access} without an event in its path`);
    checks.set(route, { needed: { permission: access, feature: featureOf(route) }, scope });
  }
  return checks;
}

/**
 * The one access check of a route of the contract, for the fast path and the route adapter alike: its
 * permission in the event (with the event's feature) and its organisation role, on the caller's session.
 * Undefined when the route needs neither or the session's copy already allows the call (no promise, no
 * microtask: most proxied calls); else the check in flight, rejected with 403 when refused. Every route
 * must have an entry in the access table (the BFF does not start otherwise).
 */
export function routeAccess(deps: PermissionDeps, routes: readonly RouteContract[]): RouteAccess {
  const scopes = roleScopes(routes);
  const permissions = permissionChecks(routes);
  const guarded = new Set<RouteContract>([...scopes.keys(), ...permissions.keys()]);
  const check = (route: RouteContract, params: unknown, session: StoredSession, caller: () => Caller) => {
    const permission = permissions.get(route);
    const scope = scopes.get(route);
    if (permission === undefined && scope === undefined) return undefined;
    const byPermission =
      permission === undefined
        ? undefined
        : checkPermission(deps, caller, session, permission.needed, permission.scope(params));
    const byRole =
      scope === undefined ? undefined : () => requireRole(deps, caller(), route.role, scope(params));
    if (byPermission === undefined && byRole === undefined) return undefined;
    return (byPermission ?? Promise.resolve()).then(byRole);
  };
  return Object.assign(check, { guards: (route: RouteContract) => guarded.has(route) });
}

export interface RouteAccess {
  (
    route: RouteContract,
    params: unknown,
    session: StoredSession,
    caller: () => Caller,
  ): Promise<void> | undefined;
  /** whether the route needs a check at all (the fast path makes no caller for the others) */
  guards(route: RouteContract): boolean;
}

/** The route adapter's hook (http/route-adapter.ts): `routeAccess` on the caller's express-session. */
export function expressAccess(
  deps: PermissionDeps,
  routes: readonly RouteContract[],
): (route: RouteContract, params: unknown, caller: Caller) => Promise<void> | undefined {
  const check = routeAccess(deps, routes);
  return (route, params, caller) => check(route, params, caller.session, () => caller);
}

/**
 * The fast path's hook: `routeAccess` on the stored session, after validation. A refused upload stays
 * unread, so its connection is closed after the answer.
 */
export function fastPathAccess(deps: PermissionDeps, routes: readonly RouteContract[]): Authorize {
  const check = routeAccess(deps, routes);
  return (req, res, route, params, sid, session) => {
    const auth = session.auth;
    if (auth === undefined || !check.guards(route)) return undefined;
    const pending = check(route, params, session, () =>
      storedCaller(deps, req, res, sid, session, auth.accessToken),
    );
    if (pending === undefined || route.upload === undefined) return pending;
    return pending.catch((error: unknown) => {
      res.setHeader('connection', 'close');
      throw error;
    });
  };
}
