import {
  type ApiKey,
  API_KEY_PREFIX,
  API_KEYS_MAX,
  apiKeyUpstreamRoutes,
  apiKeyRoutes,
} from '@evt/contracts/api-keys';
import type { Router } from 'express';
import { requireOwnerInPerson } from '../access';
import { digest, randomToken } from '../auth/tokens';
import type { Ctx } from '../context';
import { authOf } from '../http/auth';
import { HttpError, notFound } from '../http/errors';
import { mountOn } from '../http/mount';
import { audit } from '../rights/permissions';

const COLUMNS = `k.id, k.name, k.scopes, k.created_at, k.last_used_at, k.revoked_at,
  u.first_name || ' ' || u.last_name AS created_by`;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiKey(row: Record<string, unknown>): ApiKey {
  return {
    id: row.id as number,
    name: row.name as string,
    scopes: row.scopes as ApiKey['scopes'],
    createdAt: iso(row.created_at as Date) as string,
    createdBy: row.created_by as string,
    lastUsedAt: iso(row.last_used_at as Date | null),
    revokedAt: iso(row.revoked_at as Date | null),
  };
}

/** An organisation's API keys (docs/decisions/api.md): listed, made (shown once), revoked; owners only. */
export function apiKeyRoutesOf(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiKeyUpstreamRoutes.current, async (_input, _req, res) => {
    const key = authOf(res).apiKey;
    if (key === undefined) throw new HttpError(401, 'unauthenticated', 'Not an API key');
    res.json({ id: key.id, organizationId: key.organizationId, scopes: key.scopes });
  });

  mount(apiKeyRoutes.list, async ({ params }, _req, res) => {
    await requireOwnerInPerson(db, params.id, res);
    const rows = await db.query(
      `SELECT ${COLUMNS} FROM api_keys k JOIN users u ON u.id = k.created_by
       WHERE k.organization_id = $1 ORDER BY k.id DESC`,
      [params.id],
    );
    res.json({ data: rows.map(toApiKey) });
  });

  mount(apiKeyRoutes.create, async ({ params, body }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    const key = `${API_KEY_PREFIX}${randomToken()}`;
    const created = await db.transaction(async (tx) => {
      const [count] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM api_keys WHERE organization_id = $1',
        [params.id],
      );
      if ((count?.n ?? 0) >= API_KEYS_MAX) throw new HttpError(409, 'too_many_keys', 'Too many API keys');
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO api_keys (organization_id, created_by, name, scopes, key_hash)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [params.id, userId, body.name, body.scopes, digest(key)],
      );
      const id = (row as { id: number }).id;
      await audit(tx, {
        organizationId: params.id,
        eventId: null,
        actorId: userId,
        action: 'apiKey.created',
        details: { name: body.name, keyId: id, scopes: body.scopes },
      });
      const [listed] = await tx.query(
        `SELECT ${COLUMNS} FROM api_keys k JOIN users u ON u.id = k.created_by WHERE k.id = $1`,
        [id],
      );
      return toApiKey(listed as Record<string, unknown>);
    });
    res.status(201).json({ apiKey: created, key });
  });

  mount(apiKeyUpstreamRoutes.revoke, async ({ params }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    await db.transaction(async (tx) => {
      const [row] = await tx.query<{ name: string }>(
        `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now())
         WHERE id = $1 AND organization_id = $2 RETURNING name`,
        [params.keyId, params.id],
      );
      if (!row) throw notFound('API key');
      await audit(tx, {
        organizationId: params.id,
        eventId: null,
        actorId: userId,
        action: 'apiKey.revoked',
        details: { name: row.name, keyId: params.keyId },
      });
    });
    res.status(204).end();
  });

  return router;
}
