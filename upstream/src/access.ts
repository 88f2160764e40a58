import { OWNER_TYPE } from '@evt/contracts/permissions';
import { hasRole } from '@evt/contracts/roles';
import type { Queryable, Row } from './db/db';
import { authOf } from './http/auth';
import { forbidden, notFound } from './http/errors';

/** The caller's member type code in the organisation; 404 when it does not exist, 403 when not a member. */
export async function requireMember(db: Queryable, organizationId: number, userId: number): Promise<string> {
  const rows = await db.query<{ code: string | null }>(
    `SELECT mt.code FROM organizations o
       LEFT JOIN organization_members m ON m.organization_id = o.id AND m.user_id = $2
       LEFT JOIN member_types mt ON mt.id = m.member_type_id
     WHERE o.id = $1`,
    [organizationId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('Organization');
  if (!row.code) throw forbidden();
  return row.code;
}

/**
 * requireMember for the organisation's management (settings, image, invitations, members): owners and
 * admins only, 403 for a plain member (the BFF refuses first, this is the second wall).
 */
export async function requireManager(db: Queryable, organizationId: number, userId: number): Promise<string> {
  const code = await requireMember(db, organizationId, userId);
  if (!hasRole(code, 'manager')) throw forbidden();
  return code;
}

/**
 * Loads a row of a table that hangs off an organisation (directly or through an event) with the check
 * in the same query: `orgExpr` is the SQL expression of the owning organisation id.
 */
export async function requireOwned<T extends Row>(
  db: Queryable,
  sql: { from: string; orgExpr: string; select: string; idExpr: string },
  id: number,
  userId: number,
  what: string,
): Promise<T> {
  const rows = await db.query<T & { __member: number | null }>(
    `SELECT ${sql.select}, m.user_id AS __member FROM ${sql.from}
       LEFT JOIN organization_members m ON m.organization_id = ${sql.orgExpr} AND m.user_id = $2
     WHERE ${sql.idExpr} = $1`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) throw notFound(what);
  if (row.__member === null) throw forbidden();
  const { __member: _, ...rest } = row;
  return rest as unknown as T;
}

export const requireEvent = <T extends Row = Row>(db: Queryable, eventId: number, userId: number) =>
  requireOwned<T>(
    db,
    { from: 'events e', orgExpr: 'e.organization_id', select: 'e.*', idExpr: 'e.id' },
    eventId,
    userId,
    'Event',
  );

/**
 * The organisation's own settings (API keys, webhooks) are managed by an owner in person: never with an
 * API key, whatever it may call. Returns the owner's user id.
 */
export async function requireOwnerInPerson(
  db: Queryable,
  organizationId: number,
  res: Parameters<typeof authOf>[0],
): Promise<number> {
  const auth = authOf(res);
  if (auth.apiKey !== undefined) throw forbidden();
  if ((await requireMember(db, organizationId, auth.id)) !== OWNER_TYPE) throw forbidden();
  return auth.id;
}
