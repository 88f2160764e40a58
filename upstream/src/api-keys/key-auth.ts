import { API_KEY_PREFIX } from '@evt/contracts/api-keys';
import { keyCallableRoutes, keyScopeOf } from '@evt/contracts/api-key-access';
import { OWNER_TYPE } from '@evt/contracts/permissions';
import type { Request } from 'express';
import type { Queryable } from '../db/db';
import { forbidden } from '../http/errors';
import { upstreamPathOf } from '../http/mount';
import { audit } from '../rights/permissions';

/** What a request made with an organisation's API key is: the key, and the owner who made it (the caller). */
export interface KeyAuth {
  id: number;
  organizationId: number;
  name: string;
  scopes: string[];
  userId: number;
}

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

/**
 * The key behind a digest: live while not revoked and while its maker is still an owner of its
 * organisation (a key never outlives its maker's ownership). Null otherwise.
 */
export async function liveKey(db: Queryable, keyHash: string): Promise<KeyAuth | null> {
  const rows = await db.query<{
    id: number;
    organization_id: number;
    name: string;
    scopes: string[];
    created_by: number;
  }>(
    `SELECT k.id, k.organization_id, k.name, k.scopes, k.created_by FROM api_keys k
       JOIN organization_members m ON m.organization_id = k.organization_id AND m.user_id = k.created_by
       JOIN member_types mt ON mt.id = m.member_type_id AND mt.code = $2
     WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [keyHash, OWNER_TYPE],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    name: row.name,
    scopes: row.scopes,
    userId: row.created_by,
  };
}

/** `GET /events/:id/registrations` for each route a key may call, at the upstream's own path. */
let keyCallable: Map<string, string | null> | undefined;
/** The scope a key needs for the upstream route `method pattern`; undefined when keys may not call it. */
const scopeNeeded = (method: string, pattern: string) => {
  keyCallable ??= new Map(
    keyCallableRoutes().map((route) => [`${route.method} ${upstreamPathOf(route)}`, keyScopeOf(route)]),
  );
  return keyCallable.get(`${method} ${pattern}`);
};

/** What the BFF itself reads with a key before forwarding a call (its identity, its permissions in an event). */
const KEY_CHECKS = new Set(['GET /api-keys/current', 'GET /permissions/:scope/:id']);

/**
 * The upstream's own wall behind the BFF's key check: a key reaches only the key-callable routes its scopes
 * cover (and the BFF's checks), in its own organisation. Each call of a key-callable route is recorded: the key's last
 * use, and a line in the organisation's audit log (the route's pattern, never the address or the key).
 */
export async function admitKeyCall(db: Queryable, key: KeyAuth, req: Request): Promise<void> {
  const pattern = (req.route as { path?: string } | undefined)?.path ?? '';
  if (KEY_CHECKS.has(`${req.method} ${pattern}`)) return;
  const scope = scopeNeeded(req.method, pattern);
  if (scope === undefined || scope === null || !key.scopes.includes(scope)) throw forbidden();
  let eventId: number | null = null;
  if (pattern.startsWith('/events/:id')) {
    const rows = await db.query<{ id: number }>(
      'SELECT id FROM events WHERE id = $1 AND organization_id = $2',
      [Number(req.params.id), key.organizationId],
    );
    eventId = rows[0]?.id ?? null;
    if (eventId === null) throw forbidden();
  } else if (
    !pattern.startsWith('/organizations/:orgId') ||
    Number(req.params.orgId) !== key.organizationId
  ) {
    throw forbidden();
  }
  await db.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [key.id]);
  await audit(db, {
    organizationId: key.organizationId,
    eventId,
    actorId: key.userId,
    action: 'apiKey.used',
    details: { name: key.name, keyId: key.id, method: req.method, route: pattern },
  });
}
