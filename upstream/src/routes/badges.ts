import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import type { BadgeModel, BadgePerson } from '@evt/contracts/badges';
import type { CheckedInPerson, CheckinResult } from '@evt/contracts/checkin';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { isLocale } from '@evt/contracts/locale';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { type Db, type Row, toIso } from '../db/db';
import { recordCheckinEvent } from '../outgoing-webhooks/record';
import { PEOPLE } from '../model/registrations';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';
import { readableText, requirePermission } from '../rights/permissions';

const text = (data: Record<string, unknown>, ...keys: string[]) => {
  for (const key of keys) if (typeof data[key] === 'string' && data[key]) return data[key] as string;
  return '';
};
/** The structure a badge names, whichever form the person filled in. */
export const organisationOf = (data: Record<string, unknown>) =>
  text(
    data,
    'organizationName',
    'companyName',
    'structureName',
    'mediaOrganization',
    'agencyName',
    'delegationName',
  );
export const countryOf = (data: Record<string, unknown>) =>
  text(data, 'country', 'countryOfResidence', 'nationality');

export function toModel(row: Row): BadgeModel {
  return {
    ...(row.model as Omit<BadgeModel, 'eventId' | 'role' | 'updatedAt'>),
    eventId: Number(row.event_id),
    role: String(row.role) as RegistrationKind,
    updatedAt: toIso(row.updated_at),
  };
}

/** A registration row (id, kind, locale, last_name, first_names, data) as the badge prints it. */
export function toBadgePerson(row: Row): BadgePerson {
  const fields = (row.data ?? {}) as Record<string, unknown>;
  return {
    registrationId: Number(row.id),
    role: String(row.kind) as RegistrationKind,
    locale: isLocale(row.locale) ? row.locale : 'fr',
    lastName: String(row.last_name ?? ''),
    firstNames: String(row.first_names ?? ''),
    organisation: organisationOf(fields),
    country: countryOf(fields),
  };
}

export const PERSON_COLUMNS = `r.id, r.kind, r.status, r.last_name, r.first_names, r.data,
  c.checked_in_at, c.checked_in_by_name, c.desk`;

export function toPerson(row: Row): CheckedInPerson {
  const data = (row.data ?? {}) as Record<string, unknown>;
  return {
    registrationId: Number(row.id),
    lastName: String(row.last_name ?? ''),
    firstNames: String(row.first_names ?? ''),
    organisation: organisationOf(data),
    role: String(row.kind) as RegistrationKind,
    status: row.status === 'confirmed' ? 'confirmed' : 'pending',
    checkedInAt: row.checked_in_at ? toIso(row.checked_in_at) : null,
    checkedInBy: row.checked_in_at ? String(row.checked_in_by_name ?? '') : null,
    desk: row.checked_in_at && row.desk ? String(row.desk) : null,
  };
}

/** Marks a confirmed registration present once; a second time answers the first arrival. */
export async function checkIn(
  db: Db,
  eventId: number,
  registrationId: number,
  userId: number,
): Promise<CheckinResult> {
  const found = await db.query<{ status: string }>(
    `SELECT status FROM ${PEOPLE} r WHERE id = $1 AND event_id = $2`,
    [registrationId, eventId],
  );
  if (!found[0]) return { outcome: 'unknown' };
  if (found[0].status !== 'confirmed') return { outcome: 'notConfirmed' };
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx.query<{ checked_in_at: Date; desk: string | null }>(
      `INSERT INTO checkins (registration_id, event_id, checked_in_by, checked_in_by_name)
       SELECT $1, $2, u.id, trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = $3
       ON CONFLICT (registration_id) DO NOTHING RETURNING checked_in_at, desk`,
      [registrationId, eventId, userId],
    );
    if (rows[0]) await recordCheckinEvent(tx, eventId, registrationId, rows[0]);
    return rows;
  });
  const rows = await db.query(
    `SELECT ${PERSON_COLUMNS} FROM ${PEOPLE} r LEFT JOIN checkins c ON c.registration_id = r.id
     WHERE r.id = $1`,
    [registrationId],
  );
  return { outcome: inserted.length ? 'checkedIn' : 'already', person: toPerson(rows[0] as Row) };
}

/** Extensions (see upstream README): badge models, people to print, check-ins and their counts. */
export function badgeRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.badges.listModels, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query('SELECT * FROM badge_models WHERE event_id = $1 ORDER BY role', [id]);
    res.json({ data: rows.map(toModel) });
  });

  mount(apiRoutes.badges.saveModel, async ({ params, body }, _req, res) => {
    const { id, role } = params;
    const model = body;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      `INSERT INTO badge_models (event_id, role, model) VALUES ($1, $2, $3)
       ON CONFLICT (event_id, role) DO UPDATE SET model = $3, updated_at = now() RETURNING *`,
      [id, role, JSON.stringify(model)],
    );
    res.json(toModel(rows[0] as Row));
  });

  mount(apiRoutes.badges.removeModel, async ({ params }, _req, res) => {
    const { id, role } = params;
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query('DELETE FROM badge_models WHERE event_id = $1 AND role = $2 RETURNING role', [
      id,
      role,
    ]);
    if (!rows[0]) throw notFound('Badge model');
    res.status(204).end();
  });

  mount(upstreamRoutes.badgePeople, async ({ params, query }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    const values: unknown[] = [id, query.after];
    const where = [`r.event_id = $1`, `r.status = 'confirmed'`, `r.id > $2`];
    if (query.roles.length) {
      values.push(query.roles);
      where.push(`r.kind = ANY($${values.length}::text[])`);
    }
    if (query.registrationId) {
      values.push(query.registrationId);
      where.push(`r.id = $${values.length}`);
    }
    const count = query.after
      ? null
      : await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${PEOPLE} r WHERE ${where.join(' AND ')}`,
          values,
        );
    const rows = await db.query(
      `SELECT r.id, r.kind, r.locale, r.last_name, r.first_names, r.data FROM ${PEOPLE} r
       WHERE ${where.join(' AND ')} ORDER BY r.id LIMIT ${query.limit}`,
      values,
    );
    res.json({ data: rows.map(toBadgePerson), total: count ? (count[0]?.n ?? 0) : null });
  });

  mount(apiRoutes.checkin.checkIn, async ({ params, body }, _req, res) => {
    const { id } = params;
    const { registrationId } = body;
    await requireEvent(db, id, authOf(res).id);
    res.json(await checkIn(db, id, registrationId, authOf(res).id));
  });

  mount(apiRoutes.checkin.search, async ({ params, query }, _req, res) => {
    const { id } = params;
    const { q } = query;
    const rights = await requirePermission(db, id, authOf(res).id, 'checkin:scan');
    const values: unknown[] = [id];
    const matching = readableText(rights.permissions).matching(q, values);
    const rows = await db.query(
      `SELECT ${PERSON_COLUMNS} FROM ${PEOPLE} r LEFT JOIN checkins c ON c.registration_id = r.id
       WHERE r.event_id = $1 AND r.status IN ('confirmed', 'pending') AND ${matching}
       ORDER BY r.last_name, r.first_names LIMIT 20`,
      values,
    );
    res.json({ data: rows.map(toPerson) });
  });

  mount(apiRoutes.checkin.stats, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    const [byRole, byHour, byDesk] = await Promise.all([
      db.query<{ kind: string; confirmed: number; checked_in: number }>(
        `SELECT r.kind, count(*)::int AS confirmed, count(c.registration_id)::int AS checked_in
         FROM ${PEOPLE} r LEFT JOIN checkins c ON c.registration_id = r.id
         WHERE r.event_id = $1 AND r.status = 'confirmed' GROUP BY r.kind ORDER BY r.kind`,
        [id],
      ),
      db.query<{ hour: unknown; count: number }>(
        `SELECT date_trunc('hour', checked_in_at) AS hour, count(*)::int AS count FROM checkins
         WHERE event_id = $1 GROUP BY 1 ORDER BY 1`,
        [id],
      ),
      db.query<{ desk: string | null; count: number }>(
        `SELECT desk, count(*)::int AS count FROM checkins WHERE event_id = $1
         GROUP BY desk ORDER BY count DESC, desk NULLS LAST`,
        [id],
      ),
    ]);
    res.json({
      confirmed: byRole.reduce((sum, row) => sum + row.confirmed, 0),
      checkedIn: byRole.reduce((sum, row) => sum + row.checked_in, 0),
      byRole: byRole.map((row) => ({ role: row.kind, confirmed: row.confirmed, checkedIn: row.checked_in })),
      byHour: byHour.map((row) => ({ hour: toIso(row.hour), count: row.count })),
      byDesk: byDesk.map((row) => ({ desk: row.desk, count: row.count })),
    });
  });

  return router;
}
