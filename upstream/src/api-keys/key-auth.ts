import { API_KEY_PREFIX } from '@evt/contracts/api-keys';
import { keyCallableRoutes } from '@evt/contracts/api-key-access';
import { OWNER_TYPE } from '@evt/contracts/permissions';
import type { Request } from 'express';
import type { Queryable } from '../db/db';
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
let keyCallable: Set<string> | undefined;
const isKeyCallable = (method: string, pattern: string) => {
  keyCallable ??= new Set(keyCallableRoutes().map((route) => `${route.method} ${upstreamPathOf(route)}`));
  return keyCallable.has(`${method} ${pattern}`);
};

/**
 * Every call of a key-callable route made with a key: its last use, and a line in the organisation's audit
 * log (the route's pattern, never the address or the key). The BFF's own checks made with the key (the
 * key's identity, the permissions read) are no such route and leave no line.
 */
export async function recordKeyCall(db: Queryable, key: KeyAuth, req: Request): Promise<void> {
  const pattern = (req.route as { path?: string } | undefined)?.path;
  if (pattern === undefined || !isKeyCallable(req.method, pattern)) return;
  const eventId = pattern.startsWith('/events/:id') ? Number(req.params.id) : null;
  await db.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [key.id]);
  const events = Number.isSafeInteger(eventId)
    ? await db.query<{ id: number }>('SELECT id FROM events WHERE id = $1 AND organization_id = $2', [
        eventId,
        key.organizationId,
      ])
    : [];
  await audit(db, {
    organizationId: key.organizationId,
    eventId: events[0]?.id ?? null,
    actorId: key.userId,
    action: 'apiKey.used',
    details: { name: key.name, keyId: key.id, method: req.method, route: pattern },
  });
}
