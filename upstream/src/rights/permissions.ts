import {
  effectivePermissions,
  isContactField,
  isPermission,
  MASKED,
  type Permission,
} from '@evt/contracts/permissions';
import type { AuditAction } from '@evt/contracts/rights';
import type { Db, Queryable } from '../db/db';
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
  const rows = await db.query<
    {
      event_id: number;
      organization_id: number;
      code: string | null;
      type_permissions: unknown;
      member_permissions: unknown;
    } & OrganizationGrantRow
  >(
    `WITH target AS (${EVENT_OF[scope]})
     SELECT e.id AS event_id, e.organization_id, mt.code,
            tr.permissions AS type_permissions, mr.permissions AS member_permissions, ${ORGANIZATION_GRANTS}
       FROM target JOIN events e ON e.id = target.event_id
       LEFT JOIN organization_members m ON m.organization_id = e.organization_id AND m.user_id = $2
       LEFT JOIN member_types mt ON mt.id = m.member_type_id
       ${organizationGrantJoins('e.organization_id', '$2')}
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
      ...organizationGrantsOf(row),
      typeGrants: stored(row.type_permissions),
      memberGrants: stored(row.member_permissions),
    }),
  };
}

/** The organisation's rules for a member (its grant to their type, and to them), as columns and joins. */
type OrganizationGrantRow = { org_type_permissions: unknown; org_member_permissions: unknown };
const ORGANIZATION_GRANTS =
  'otr.permissions AS org_type_permissions, omr.permissions AS org_member_permissions';
const organizationGrantJoins = (organization: string, user: string) =>
  `LEFT JOIN organization_type_rights otr
          ON otr.organization_id = ${organization} AND otr.member_type_id = m.member_type_id
   LEFT JOIN organization_member_rights omr ON omr.organization_id = ${organization} AND omr.user_id = ${user}`;
const organizationGrantsOf = (row: OrganizationGrantRow) => ({
  organizationTypeGrants: stored(row.org_type_permissions),
  organizationMemberGrants: stored(row.org_member_permissions),
});

/**
 * What a member holds in the organisation itself, by its rules alone (no event yet): `events:create` is
 * read here. 404 when the organisation does not exist, 403 when the caller is not a member.
 */
export async function organizationPermissions(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<Permission[]> {
  const rows = await db.query<{ code: string | null } & OrganizationGrantRow>(
    `SELECT mt.code, ${ORGANIZATION_GRANTS} FROM organizations o
       LEFT JOIN organization_members m ON m.organization_id = o.id AND m.user_id = $2
       LEFT JOIN member_types mt ON mt.id = m.member_type_id
       ${organizationGrantJoins('o.id', '$2')}
     WHERE o.id = $1`,
    [organizationId, userId],
  );
  const row = rows[0];
  if (!row) throw notFound('Organization');
  if (!row.code) throw forbidden();
  return effectivePermissions({ memberType: row.code, ...organizationGrantsOf(row) });
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

/** The structure a form names (a B2B company, an agency, a delegation): never a contact field. */
const STRUCTURE_NAMES = ['companyName', 'organizationName', 'structureName', 'agencyName', 'delegationName'];
// a value reading as an e-mail address is masked (maskContacts), so it is left out of the searched text
// each name, or '' when it reads as an address, joined by spaces: `||` rather than concat_ws, which is not
// immutable, so that the trigram index of migration 085_registration_search.sql is the same expression
const structureName = STRUCTURE_NAMES.map(
  (key) => `(CASE WHEN r.data->>'${key}' LIKE '%@%' THEN '' ELSE coalesce(r.data->>'${key}', '') END)`,
).join(" || ' ' || ");

const TEXT_COLUMNS = {
  lastName: { sql: 'r.last_name', contact: false },
  firstNames: { sql: 'r.first_names', contact: false },
  fullName: { sql: "r.first_names || ' ' || r.last_name", contact: false },
  email: { sql: 'r.email', contact: true },
  structure: { sql: structureName, contact: false },
} as const;
type TextColumn = keyof typeof TEXT_COLUMNS;

/**
 * The registration text a caller may match (`?q=`, the check-in search) and sort by: only what they read
 * unmasked. Names always (a person's, a company's); the e-mail address only with `registrations:contacts`
 * (maskContacts hides it otherwise, and a search or a sort on it would give it back one letter at a time).
 * Every route that searches or sorts registrations asks this, and nothing else, which columns it may use.
 */
export function readableText(permissions: readonly Permission[]) {
  const contacts = permissions.includes('registrations:contacts');
  const readable = (column: TextColumn) => contacts || !TEXT_COLUMNS[column].contact;
  return {
    /** `(lower(col) LIKE $n OR …)` over the readable columns; appends the pattern to `params` */
    matching(q: string, params: unknown[]): string {
      params.push(`%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      const columns = (Object.keys(TEXT_COLUMNS) as TextColumn[]).filter(readable);
      return `(${columns.map((c) => `lower(${TEXT_COLUMNS[c].sql}) LIKE ${p}`).join(' OR ')})`;
    },
    /**
     * What `sort` orders by, then the id: `-lastName` -> `lower(r.last_name)` descending, with the SQL type a
     * cursor's key is read back as (a keyset page compares `(key, r.id)` with the cursor's); 403 for a column
     * the caller may not read.
     */
    sortKey(sort: string): { sql: string; type: 'text' | 'timestamptz'; desc: boolean } {
      const desc = sort.startsWith('-');
      const field = desc ? sort.slice(1) : sort;
      if (field in TEXT_COLUMNS) {
        if (!readable(field as TextColumn)) throw forbidden();
        return { sql: `lower(${TEXT_COLUMNS[field as TextColumn].sql})`, type: 'text', desc };
      }
      if (field === 'status') return { sql: 'r.status', type: 'text', desc };
      return { sql: 'r.created_at', type: 'timestamptz', desc };
    },
  };
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

/**
 * Deletes what `sql` names and writes the audit line that says who deleted it and what it was called, in one
 * transaction, so nothing goes without its line. `sql` returns the deleted row's name as `name`; nothing
 * deleted answers 404 for `what`.
 */
export function deleteAudited(
  db: Db,
  deletion: { sql: string; params: readonly unknown[]; what: string },
  entry: { organizationId: number; eventId: number; actorId: number; action: AuditAction },
): Promise<void> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.query<{ name: string }>(deletion.sql, deletion.params);
    if (!deleted) throw notFound(deletion.what);
    await audit(tx, { ...entry, details: { name: deleted.name } });
  });
}
