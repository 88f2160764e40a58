import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/db';
import { daysFrom } from './days';

/**
 * The demo's API keys page: a key of the organisation's badge printer, used yesterday, and an older one
 * revoked. Their keys were drawn at random and never kept: only the digests are stored, as for any key,
 * so no demo key can be used or read anywhere.
 */
export async function seedDemoApiKeys(tx: Queryable, organizationId: number, owner: number, now: Date) {
  const digest = () =>
    createHash('sha256')
      .update(`evt_${randomBytes(32).toString('base64url')}`)
      .digest('hex');
  const ago = (days: number) => daysFrom(now, -days);
  await tx.query(
    `INSERT INTO api_keys (organization_id, created_by, name, scopes, key_hash, created_at, last_used_at, revoked_at)
     VALUES ($1, $2, 'Imprimante de badges', ARRAY['event:read','registrations:read','checkin:scan'], $3, $5, $6, NULL),
            ($1, $2, 'Ancien export CRM', ARRAY['registrations:read'], $4, $7, $8, $8)`,
    [organizationId, owner, digest(), digest(), ago(20), ago(1), ago(90), ago(30)],
  );
}
