import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { keyScopeOf } from '@evt/contracts/api-key-access';
import {
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  type ApiKeyIdentity,
  apiKeyUpstreamRoutes,
} from '@evt/contracts/api-keys';
import { errorCode } from '@evt/contracts/errors';
import { featureOf } from '@evt/contracts/feature-access';
import type { RouteContract } from '@evt/contracts/http';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../http/http-error';
import { requestId } from '../http/request-id';
import {
  type EventAccess,
  type PermissionDeps,
  refusal,
  RIGHTS_TTL_MS,
  stillTrusted,
} from '../routes/permissions';
import type { Caller } from '../routes/role-scope';
import { scopeOf } from '../routes/role-scope';
import type { StoredSession } from '../session/session-data';

/**
 * The API key a request carries (`Authorization: Bearer evt_…`), well-formed or not; undefined for none.
 * Another bearer token is no key: the browser's session decides, as before, and the header is dropped.
 */
export function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : undefined;
}

/** What is kept of a key on this instance: its identity and the permissions read with it, per event. */
interface KnownKey {
  identity: ApiKeyIdentity;
  at: number;
  until: number;
  events: Map<number, EventAccess & { at: number; until: number }>;
}

export interface KeyAccessDeps extends PermissionDeps {
  /** counts one call of a key (by its digest); throws 429 over the limit */
  countCall: (keyDigest: string) => Promise<void>;
}

/** The refusal of a key outside what it may do (403, one code whatever the reason: nothing to learn). */
const refused = () => new HttpError(403, errorCode.apiKeyRefused);

/**
 * The one check of a call made with an organisation's API key, for the fast path and the route adapter
 * alike (docs/decisions/api.md): no session cookie beside it; a well-formed key (401 otherwise); a route
 * marked key-callable (api-key-access.ts); the per-key rate limit; the key's identity (through the typed
 * upstream client, kept briefly and dropped on every instance when access changes: a revocation is
 * announced like a removed member); the route's scope among the key's; the organisation in the path, or
 * the event's organisation, the key's own; and in an event, the permission and feature as for a person.
 * Answers the caller the call is then made as (the key as its bearer token), or throws.
 */
export function createKeyAccess(deps: KeyAccessDeps) {
  const known = new LRUCache<string, KnownKey>({ max: 10_000 });

  async function identityOf(keyDigest: string, caller: Caller): Promise<KnownKey> {
    const cached = known.get(keyDigest);
    if (cached !== undefined && stillTrusted(deps.rights, cached)) return cached;
    const at = Date.now();
    const identity = await deps.upstream
      .call(apiKeyUpstreamRoutes.current, { user: caller, requestId: caller.requestId })
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.status === 401) {
          known.delete(keyDigest);
          throw new HttpError(401, errorCode.unauthenticated);
        }
        throw error;
      });
    const entry: KnownKey = { identity, at, until: at + RIGHTS_TTL_MS, events: new Map() };
    known.set(keyDigest, entry);
    return entry;
  }

  async function eventAccessOf(entry: KnownKey, eventId: number, caller: Caller) {
    const cached = entry.events.get(eventId);
    if (cached !== undefined && stillTrusted(deps.rights, cached)) return cached;
    const at = Date.now();
    const answer = await deps.upstream.call(upstreamRoutes.permissions, {
      user: caller,
      requestId: caller.requestId,
      params: { scope: 'events', id: eventId },
    });
    // another organisation's event: refused before its permissions are even looked at
    if (answer.organizationId !== entry.identity.organizationId) throw refused();
    const access = {
      permissions: answer.permissions,
      features: answer.features,
      at,
      until: at + RIGHTS_TTL_MS,
    };
    entry.events.set(eventId, access);
    return access;
  }

  return async function keyCaller(
    req: IncomingMessage,
    route: RouteContract,
    params: unknown,
    hasSession: boolean,
  ): Promise<Caller> {
    if (hasSession) throw new HttpError(400, errorCode.apiKeyWithSession);
    const key = bearerOf(req) ?? '';
    if (!API_KEY_PATTERN.test(key)) throw new HttpError(401, errorCode.unauthenticated);
    const scope = keyScopeOf(route);
    const where = scopeOf(route);
    if (scope === null || where === null) throw refused();
    const keyDigest = createHash('sha256').update(key).digest('base64url');
    await deps.countCall(keyDigest);
    const caller: Caller = {
      sid: '',
      session: {} as StoredSession,
      token: key,
      requestId: requestId(req),
      // a key has no session to end: an upstream 401 (a key revoked meanwhile) is the caller's 401
      endSession: async () => {
        known.delete(keyDigest);
      },
    };
    const entry = await identityOf(keyDigest, caller);
    if (!entry.identity.scopes.includes(scope)) throw refused();
    const target = where(params);
    if (target.kind === 'organization') {
      if (target.id !== entry.identity.organizationId) throw refused();
    } else if (target.kind === 'event') {
      const access = await eventAccessOf(entry, target.id, caller);
      const denied = refusal(access, { permission: scope, feature: featureOf(route) });
      if (denied) throw denied;
    } else throw refused();
    return caller;
  };
}

export type KeyCaller = ReturnType<typeof createKeyAccess>;
