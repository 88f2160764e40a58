import { errorCode } from '@evt/contracts/errors';
import type { RouteContract } from '@evt/contracts/http';
import type { EventFeature } from '@evt/contracts/features';
import { isFeatureOn } from '@evt/contracts/feature-access';
import type { Permission } from '@evt/contracts/permissions';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { Logger } from 'pino';
import { HttpError } from '../http/http-error';
import { type InvalidationBus, localBus } from '../session/backing-store';
import type { Redis } from '../session/redis-client';
import { redisInvalidationBus } from '../session/redis-store';
import type { StoredSession } from '../session/session-data';
import type { Caller, RoleDeps } from './role-scope';

declare module 'express-session' {
  interface SessionData {
    /**
     * `events:3`, `teams:7`... -> the user's permissions in that event and the event's switched features,
     * when read, until when trusted
     */
    eventRights: Record<string, EventAccess & { at: number; until: number }>;
  }
}

/** How long permissions read from the upstream are trusted, per session, when no change was announced. */
export const RIGHTS_TTL_MS = 60_000;

/** What the caller may do in an event: their permissions, and the event's features that were set. */
export interface EventAccess {
  permissions: Permission[];
  features?: Partial<Record<EventFeature, boolean>>;
}

export type PermissionScopeKind = 'events' | 'teams' | 'projects' | 'tasks';
export interface PermissionScope {
  kind: PermissionScopeKind;
  id: number;
}

const SCOPED_PATH = /^\/(events|teams|projects|tasks)\/:(\w+)(?:\/|$)/;

/**
 * Where a route's event is read: `/events/:id/...` directly, `/teams/:id`, `/projects/:id`, `/tasks/:id`
 * through the upstream (one call answers the event's permissions for any of them). Null for other paths.
 */
export function permissionScopeOf(
  route: Pick<RouteContract, 'path'>,
): ((params: unknown) => PermissionScope) | null {
  const match = SCOPED_PATH.exec(route.path);
  if (match === null) return null;
  const kind = match[1] as PermissionScopeKind;
  const name = match[2] as string;
  return (params) => ({ kind, id: Number((params as Record<string, unknown>)[name]) });
}

/**
 * When access last changed (an event's rights, a member's type, a member's removal), as far as this
 * instance knows: a change made through any instance is announced on a Redis channel (the sessions'
 * invalidation bus), and every permission, member type and membership cached before it is stale on every
 * instance.
 */
export interface RightsChanges {
  readonly changedAt: number;
  /** false while announcements may be missed: the cache is not trusted meanwhile */
  readonly healthy: boolean;
  announce(): Promise<void>;
  close(): Promise<void>;
}

export async function rightsChanges(
  redis: Redis | null,
  channel: string,
  logger: Logger,
): Promise<RightsChanges> {
  const bus: InvalidationBus = redis ? await redisInvalidationBus(redis, channel, logger) : localBus();
  let changedAt = 0;
  // a message, or an interrupted channel (null): everything read until now is suspect
  bus.listen(() => {
    changedAt = Date.now();
  });
  return {
    get changedAt() {
      return changedAt;
    },
    get healthy() {
      return bus.healthy;
    },
    async announce() {
      changedAt = Date.now();
      await bus.publish(String(changedAt));
    },
    close: () => bus.close(),
  };
}

export type PermissionDeps = RoleDeps;

/**
 * Whether a session's cached access answer (read at `at`, trusted until `until`) may still be used: not
 * expired, read after the last announced change, and no announcement possibly missed meanwhile. The one
 * rule of the permission, member type and membership caches.
 */
export function stillTrusted(
  rights: RightsChanges,
  entry: { at: number; until: number } | undefined,
  now = Date.now(),
): boolean {
  if (entry === undefined || !(entry.until > now) || !rights.healthy) return false;
  return entry.at > rights.changedAt;
}

const keyOf = (scope: PermissionScope) => `${scope.kind}:${scope.id}`;

/**
 * The session's copy of the caller's permissions (and the event's features) for a scope while it is
 * trusted; else undefined. A change of rights or of features is announced alike.
 */
export function cachedAccess(
  deps: PermissionDeps,
  session: StoredSession,
  scope: PermissionScope,
  now = Date.now(),
): EventAccess | undefined {
  const entry = session.eventRights?.[keyOf(scope)];
  return entry !== undefined && stillTrusted(deps.rights, entry, now) ? entry : undefined;
}

/**
 * The caller's permissions in the scope's event: the session's copy while trusted, else one upstream call
 * (403 for a foreign event, 404 for none), kept in the session as organisation roles are.
 */
export async function accessIn(
  deps: PermissionDeps,
  caller: Caller,
  scope: PermissionScope,
): Promise<EventAccess> {
  const cached = cachedAccess(deps, caller.session, scope);
  if (cached !== undefined) return cached;
  const at = Date.now();
  const answer = await deps.upstream.call(upstreamRoutes.permissions, {
    user: caller,
    requestId: caller.requestId,
    params: { scope: scope.kind, id: scope.id },
  });
  const now = Date.now();
  const kept = Object.entries(caller.session.eventRights ?? {}).filter(([, entry]) => entry.until > now);
  const eventRights = {
    ...Object.fromEntries(kept),
    [keyOf(scope)]: {
      permissions: answer.permissions,
      features: answer.features,
      at,
      until: at + RIGHTS_TTL_MS,
    },
  };
  // only a cache: when the store cannot keep it, the answer stands and the next call asks again
  await deps.sessions.store.patch(caller.sid, { eventRights }).catch(() => undefined);
  return { permissions: answer.permissions, features: answer.features };
}

/**
 * What a route or operation needs: a permission in the event, and the feature it belongs to
 * (contracts/src/feature-access.ts) switched on there.
 */
export interface Needed {
  permission: Permission;
  feature?: EventFeature | undefined;
}

/** Refuses a call `access` does not allow: 403 errors.forbidden, or 403 errors.featureOff naming the feature. */
export function refusal(access: EventAccess, needed: Needed): HttpError | null {
  if (!access.permissions.includes(needed.permission)) return new HttpError(403, errorCode.forbidden);
  if (needed.feature !== undefined && !isFeatureOn(access.features, needed.feature))
    return new HttpError(403, errorCode.featureOff, { feature: needed.feature });
  return null;
}

/** Refuses a caller without the permission in the scope's event, or whose call's feature is off there. */
export async function requirePermission(
  deps: PermissionDeps,
  caller: Caller,
  needed: Needed,
  scope: PermissionScope,
): Promise<void> {
  const refused = refusal(await accessIn(deps, caller, scope), needed);
  if (refused) throw refused;
}

/**
 * The fast path's form: undefined when the session's copy allows the call (nothing to wait for), a
 * rejected promise when it refuses it, else the upstream read.
 */
export function checkPermission(
  deps: PermissionDeps,
  caller: () => Caller,
  session: StoredSession,
  needed: Needed,
  scope: PermissionScope,
): Promise<void> | undefined {
  const cached = cachedAccess(deps, session, scope);
  if (cached === undefined) return requirePermission(deps, caller(), needed, scope);
  const refused = refusal(cached, needed);
  return refused ? Promise.reject(refused) : undefined;
}
