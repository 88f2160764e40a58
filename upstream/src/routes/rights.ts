import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { effectivePermissions, isPermission, OWNER_TYPE, type Permission } from '@evt/contracts/permissions';
import type { Router } from 'express';
import { requireManager, requireMember } from '../access';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { authOf } from '../http/auth';
import type { AuditAction, AuditPage, RightsChangeDetails } from '@evt/contracts/rights';
import { forbidden, HttpError, notFound } from '../http/errors';
import { featuresOf } from './features';
import { audit, callerRights, organizationPermissions, requirePermission } from '../rights/permissions';

const stored = (value: unknown): Permission[] | null =>
  Array.isArray(value)
    ? value.filter((p): p is Permission => typeof p === 'string' && isPermission(p))
    : null;

const ownerUnchangeable = () =>
  new HttpError(409, 'owner_rights', 'An owner holds every permission; their rights cannot be narrowed');

/**
 * The rights page's matrix: each member type and each member, with what they hold in the event; with no
 * event (null), what the organisation's rules give them (`events:create` among it), `custom` for a rule set
 * at that level.
 */
async function eventRights(db: Queryable, eventId: number | null, organizationId: number) {
  const atEvent = eventId !== null;
  const [types, members] = await Promise.all([
    db.query<{ id: number; code: string; name: string; permissions: unknown; org_permissions: unknown }>(
      `SELECT mt.id, mt.code, mt.name, tr.permissions, otr.permissions AS org_permissions FROM member_types mt
         LEFT JOIN event_type_rights tr ON tr.member_type_id = mt.id AND tr.event_id = $1
         LEFT JOIN organization_type_rights otr ON otr.member_type_id = mt.id AND otr.organization_id = $2
       ORDER BY mt.id`,
      [eventId, organizationId],
    ),
    db.query<{
      user_id: number;
      first_name: string;
      last_name: string;
      email: string;
      code: string;
      type_permissions: unknown;
      member_permissions: unknown;
      org_type_permissions: unknown;
      org_member_permissions: unknown;
    }>(
      `SELECT u.id AS user_id, u.first_name, u.last_name, u.email, mt.code,
              tr.permissions AS type_permissions, mr.permissions AS member_permissions,
              otr.permissions AS org_type_permissions, omr.permissions AS org_member_permissions
         FROM organization_members m JOIN users u ON u.id = m.user_id
         JOIN member_types mt ON mt.id = m.member_type_id
         LEFT JOIN organization_type_rights otr
                ON otr.organization_id = $2 AND otr.member_type_id = m.member_type_id
         LEFT JOIN organization_member_rights omr ON omr.organization_id = $2 AND omr.user_id = m.user_id
         LEFT JOIN event_type_rights tr ON tr.event_id = $1 AND tr.member_type_id = m.member_type_id
         LEFT JOIN event_member_rights mr ON mr.event_id = $1 AND mr.user_id = m.user_id
       WHERE m.organization_id = $2 ORDER BY u.last_name, u.first_name, u.id`,
      [eventId, organizationId],
    ),
  ]);
  return {
    memberTypes: types.map((t) => ({
      id: Number(t.id),
      code: t.code,
      name: t.name,
      permissions: effectivePermissions({
        memberType: t.code,
        organizationTypeGrants: stored(t.org_permissions),
        typeGrants: stored(t.permissions),
      }),
      custom: t.code !== OWNER_TYPE && (atEvent ? t.permissions : t.org_permissions) !== null,
    })),
    members: members.map((m) => ({
      userId: Number(m.user_id),
      firstName: m.first_name,
      lastName: m.last_name,
      email: m.email,
      memberType: m.code,
      permissions: effectivePermissions({
        memberType: m.code,
        organizationTypeGrants: stored(m.org_type_permissions),
        organizationMemberGrants: stored(m.org_member_permissions),
        typeGrants: stored(m.type_permissions),
        memberGrants: stored(m.member_permissions),
      }),
      custom: m.code !== OWNER_TYPE && (atEvent ? m.member_permissions : m.org_member_permissions) !== null,
    })),
  };
}

/**
 * Extensions (rights): the caller's permissions in an event (or the event of a team, project or
 * task), the event's rights matrix and its changes (`rights:manage`), the organisation's audit log (owners).
 */
type Grant = {
  /** a member type's grant, or one member's (which replaces the type's for that member) */
  table:
    | 'event_type_rights'
    | 'event_member_rights'
    | 'organization_type_rights'
    | 'organization_member_rights';
  keyColumn: 'member_type_id' | 'user_id';
  key: number;
  /** in one event, or the organisation's rules (no event) */
  eventId: number | null;
  /** null: back to the default (the row goes) */
  permissions: string[] | null;
  organizationId: number;
  actorId: number;
  /** who the grant is about, as the audit log names them */
  subject: RightsChangeDetails;
};

/** Sets or clears one grant, and writes the change in the audit log in the same transaction. */
async function storeGrant(db: Ctx['db'], grant: Grant) {
  const { table, keyColumn, key, eventId, permissions } = grant;
  const [scope, scopeId] =
    eventId === null ? ['organization_id', grant.organizationId] : ['event_id', eventId];
  await db.transaction(async (tx) => {
    if (permissions === null) {
      await tx.query(`DELETE FROM ${table} WHERE ${scope} = $1 AND ${keyColumn} = $2`, [scopeId, key]);
    } else {
      await tx.query(
        `INSERT INTO ${table} (${scope}, ${keyColumn}, permissions) VALUES ($1, $2, $3::text[])
         ON CONFLICT (${scope}, ${keyColumn}) DO UPDATE SET permissions = EXCLUDED.permissions, updated_at = now()`,
        [scopeId, key, permissions],
      );
    }
    await audit(tx, {
      organizationId: grant.organizationId,
      eventId,
      actorId: grant.actorId,
      action: 'rights.changed',
      details: { ...grant.subject, permissions },
    });
  });
}

/** Whom a member type's grant is about (the owner type cannot be narrowed). */
async function typeSubject(db: Queryable, typeId: number) {
  const type = (await db.query<{ code: string }>('SELECT code FROM member_types WHERE id = $1', [typeId]))[0];
  if (!type) throw notFound('Member type');
  if (type.code === OWNER_TYPE) throw ownerUnchangeable();
  return { keyColumn: 'member_type_id', key: typeId, subject: { memberType: type.code } } as const;
}

/** Whom a member's grant is about, a member of the organisation (an owner cannot be narrowed). */
async function memberSubject(db: Queryable, organizationId: number, userId: number) {
  const member = (
    await db.query<{ code: string; email: string; name: string }>(
      `SELECT mt.code, u.email, trim(u.first_name || ' ' || u.last_name) AS name FROM organization_members m JOIN member_types mt ON mt.id = m.member_type_id
         JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND m.user_id = $2`,
      [organizationId, userId],
    )
  )[0];
  if (!member) throw notFound('Member');
  if (member.code === OWNER_TYPE) throw ownerUnchangeable();
  const subject: RightsChangeDetails = { member: member.email, memberName: member.name };
  return { keyColumn: 'user_id', key: userId, subject } as const;
}

export function rightsRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(upstreamRoutes.permissions, async ({ params }, _req, res) => {
    const { scope, id } = params;
    const rights = await callerRights(db, scope, id, authOf(res).id);
    // the event's switched features ride along: the BFF checks a route's feature with its permission
    res.json({ ...rights, features: (await featuresOf(db, rights.eventId)).features });
  });

  mount(apiRoutes.rights.get, async ({ params }, _req, res) => {
    const { id } = params;
    const rights = await requirePermission(db, id, authOf(res).id, 'rights:manage');
    res.json(await eventRights(db, id, rights.organizationId));
  });

  // the organisation's rules as its managers set them, and what they give the caller (creating events)
  mount(apiRoutes.rights.organizationRights, async ({ params }, _req, res) => {
    await requireManager(db, params.id, authOf(res).id);
    res.json(await eventRights(db, null, params.id));
  });
  mount(apiRoutes.rights.organizationMine, async ({ params }, _req, res) => {
    const { id } = params;
    res.json({ organizationId: id, permissions: await organizationPermissions(db, id, authOf(res).id) });
  });

  // an event's grants (`rights:manage` in it), and the organisation's rules (its managers) that every event
  // without a grant of its own follows: the same two routes at each level
  const levels = [
    {
      routes: [upstreamRoutes.setMemberTypeRights, upstreamRoutes.setMemberRights],
      tables: ['event_type_rights', 'event_member_rights'],
      where: async (id: number, actorId: number) => ({
        eventId: id,
        organizationId: (await requirePermission(db, id, actorId, 'rights:manage')).organizationId,
      }),
    },
    {
      routes: [upstreamRoutes.setOrganizationMemberTypeRights, upstreamRoutes.setOrganizationMemberRights],
      tables: ['organization_type_rights', 'organization_member_rights'],
      where: async (id: number, actorId: number) => {
        await requireManager(db, id, actorId);
        return { eventId: null, organizationId: id };
      },
    },
  ] as const;
  for (const { routes, tables, where } of levels) {
    mount(routes[0], async ({ params, body }, _req, res) => {
      const { id, typeId } = params;
      const { permissions } = body;
      const actorId = authOf(res).id;
      const scope = await where(id, actorId);
      await storeGrant(db, {
        table: tables[0],
        ...(await typeSubject(db, typeId)),
        ...scope,
        permissions,
        actorId,
      });
      res.status(204).end();
    });
    mount(routes[1], async ({ params, body }, _req, res) => {
      const { id, userId } = params;
      const { permissions } = body;
      const actorId = authOf(res).id;
      const scope = await where(id, actorId);
      const subject = await memberSubject(db, scope.organizationId, userId);
      await storeGrant(db, { table: tables[1], ...subject, ...scope, permissions, actorId });
      res.status(204).end();
    });
  }

  mount(apiRoutes.rights.audit, async ({ params, query }, _req, res) => {
    const { id } = params;
    if ((await requireMember(db, id, authOf(res).id)) !== OWNER_TYPE) throw forbidden();
    res.json(await auditPageOf(db, { column: 'organization_id', id }, query));
  });
  mount(apiRoutes.rights.eventAudit, async ({ params, query }, _req, res) => {
    const { id } = params;
    await requirePermission(db, id, authOf(res).id, 'rights:manage');
    res.json(await auditPageOf(db, { column: 'event_id', id }, query));
  });

  return router;
}

/** One page of the audit log, newest first: the organisation's lines, or one event's; events by name. */
async function auditPageOf(
  db: Queryable,
  scope: { column: 'organization_id' | 'event_id'; id: number },
  { page, limit }: { page: number; limit: number },
): Promise<AuditPage> {
  const where = `a.${scope.column} = $1`;
  const [count, rows] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log a WHERE ${where}`, [scope.id]),
    db.query<{
      id: number;
      created_at: Date;
      action: AuditAction;
      event_id: number | null;
      event_name: string | null;
      actor_id: number | null;
      actor_name: string;
      details: unknown;
    }>(
      `SELECT a.id, a.created_at, a.action, a.event_id, e.name AS event_name, a.actor_id, a.actor_name, a.details
         FROM audit_log a LEFT JOIN events e ON e.id = a.event_id
        WHERE ${where} ORDER BY a.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
      [scope.id],
    ),
  ]);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.created_at).toISOString(),
      action: r.action,
      eventId: r.event_id === null ? null : Number(r.event_id),
      eventName: r.event_name,
      actor: { id: r.actor_id === null ? null : Number(r.actor_id), name: r.actor_name },
      details: (typeof r.details === 'string' ? JSON.parse(r.details) : (r.details ?? {})) as Record<
        string,
        unknown
      >,
    })),
    page,
    limit,
    total: count[0]?.n ?? 0,
  };
}
