import {
  effectivePermissions,
  isContactField,
  isPermission,
  MASKED,
  type Permission,
} from '@evt/contracts/permissions';
import type { Queryable } from '../db/db';
import { forbidden, notFound } from '../http/errors';

export type RightsScope = 'events' | 'teams' | 'projects' | 'tasks';

/** The SQL that finds the event of a scope's id. */
const EVENT_OF: Record<RightsScope, string> = {
  events: 'SELECT id AS event_id FROM events WHERE id = $1',
  teams: 'SELECT event_id FROM teams WHERE id = $1',
  projects: 'SELECT t.event_id FROM projects p JOIN teams t ON t.id = p.team_id WHERE p.id = $1',
  tasks: `SELECT t.event_id FROM tasks k JOIN projects p ON p.id = k.project_id
          JOIN teams t ON t.id = p.team_id WHERE k.id = $1`,
};

export interface CallerRights {
  eventId: number;
  organizationId: number;
  memberType: string;
  permissions: Permission[];
}

const stored = (value: unknown): Permission[] | null =>
  Array.isArray(value)
    ? value.filter((p): p is Permission => typeof p === 'string' && isPermission(p))
    : null;

/**
 * The caller's effective permissions in the event a scope belongs to, in one query: 404 when the scope does
 * not exist, 403 when the caller is not a member of the event's organisation (the rule everywhere).
 */
export async function callerRights(
  db: Queryable,
  scope: RightsScope,
  id: number,
  userId: number,
): Promise<CallerRights> {
  const rows = await db.query<{
    event_id: number;
    organization_id: number;
    code: string | null;
    type_permissions: unknown;
    member_permissions: unknown;
  }>(
    `WITH target AS (${EVENT_OF[scope]})
     SELECT e.id AS event_id, e.organization_id, mt.code,
            tr.permissions AS type_permissions, mr.permissions AS member_permissions
       FROM target JOIN events e ON e.id = target.event_id
       LEFT JOIN organization_members m ON m.organization_id = e.organization_id AND m.user_id = $2
       LEFT JOIN member_types mt ON mt.id = m.member_type_id
       LEFT JOIN event_type_rights tr ON tr.event_id = e.id AND tr.member_type_id = m.member_type_id
       LEFT JOIN event_member_rights mr ON mr.event_id = e.id AND mr.user_id = $2`,
    [id, userId],
  );
  const row = rows[0];
  if (!row) throw notFound(scope === 'events' ? 'Event' : 'Resource');
  if (!row.code) throw forbidden();
  return {
    eventId: Number(row.event_id),
    organizationId: Number(row.organization_id),
    memberType: row.code,
    permissions: effectivePermissions({
      memberType: row.code,
      typeGrants: stored(row.type_permissions),
      memberGrants: stored(row.member_permissions),
    }),
  };
}

/** callerRights, refusing (403) a member without `needed`. */
export async function requirePermission(
  db: Queryable,
  eventId: number,
  userId: number,
  needed: Permission,
): Promise<CallerRights> {
  const rights = await callerRights(db, 'events', eventId, userId);
  if (!rights.permissions.includes(needed)) throw forbidden();
  return rights;
}

interface MaskableRow {
  email: string;
  data: Record<string, unknown>;
  files: unknown[];
}

/**
 * A registration as someone without `registrations:contacts` sees it: e-mail, phone, addresses and
 * documents masked (by field name, and any value that reads as an e-mail address), no files.
 */
export function maskContacts<R extends MaskableRow>(row: R): R {
  const data = Object.fromEntries(
    Object.entries(row.data).map(([key, value]) => [
      key,
      isContactField(key) || (typeof value === 'string' && value.includes('@')) ? MASKED : value,
    ]),
  );
  return { ...row, email: MASKED, data, files: [] };
}

/** One line of the organisation's audit log, in the same transaction as what it records. */
export async function audit(
  db: Queryable,
  entry: {
    organizationId: number;
    eventId: number | null;
    actorId: number;
    action: string;
    details?: object;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (organization_id, event_id, actor_id, actor_name, action, details)
     SELECT $1, $2, u.id, u.first_name || ' ' || u.last_name, $4, $5::jsonb FROM users u WHERE u.id = $3`,
    [entry.organizationId, entry.eventId, entry.actorId, entry.action, JSON.stringify(entry.details ?? {})],
  );
}
