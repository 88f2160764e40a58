import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import type { Router } from 'express';
import { requireManager, requireMember } from '../access';
import type { Ctx } from '../context';
import { type Queryable, toBuffer } from '../db/db';
import { PEOPLE } from '../model/registrations';
import { authOf } from '../http/auth';
import { contentDisposition } from '../http/download-name';
import { HttpError, notFound } from '../http/errors';
import { checkImage, IMAGE_MAX_BYTES } from '../http/images';
import { filesOf, multipart } from '../http/uploads';
import { EVENT_COLUMNS, ORGANIZATION_COLUMNS, toEvent, toOrganization } from '../model/mappers';
import { INACTIVE_STATUSES } from '@evt/contracts/forms/kinds';

/** The statuses counted nowhere (cancelled, declined, waiting), as SQL. */
const INACTIVE_SQL = INACTIVE_STATUSES.map((s) => `'${s}'`).join(', ');

const ORG_FROM = `organizations o
  JOIN organization_members m ON m.organization_id = o.id AND m.user_id = $1
  JOIN member_types mt ON mt.id = m.member_type_id
  LEFT JOIN organization_images oi ON oi.organization_id = o.id`;

export async function loadOrganization(db: Queryable, id: number, userId: number) {
  const rows = await db.query(`SELECT ${ORGANIZATION_COLUMNS} FROM ${ORG_FROM} WHERE o.id = $2`, [
    userId,
    id,
  ]);
  if (!rows[0]) throw notFound('Organization');
  return toOrganization(rows[0]);
}

export function organizationRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.organizations.list, async (_input, _req, res) => {
    const rows = await db.query(`SELECT ${ORGANIZATION_COLUMNS} FROM ${ORG_FROM} ORDER BY o.id`, [
      authOf(res).id,
    ]);
    res.json({ data: rows.map(toOrganization) });
  });

  mount(apiRoutes.organizations.create, async ({ body }, _req, res) => {
    const userId = authOf(res).id;
    const created = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO organizations (name, description, website, email, phone, country)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [body.name, body.description, body.website, body.email, body.phone, body.country],
      );
      const id = rows[0]?.id as number;
      await tx.query(
        `INSERT INTO organization_members (organization_id, user_id, member_type_id)
         SELECT $1, $2, id FROM member_types WHERE code = 'owner'`,
        [id, userId],
      );
      return loadOrganization(tx, id, userId);
    });
    res.status(201).json(created);
  });

  mount(apiRoutes.organizations.get, async ({ params }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    await requireMember(db, id, userId);
    res.json(await loadOrganization(db, id, userId));
  });

  mount(apiRoutes.organizations.update, async ({ params, body }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    await requireManager(db, id, userId);
    await db.query(
      `UPDATE organizations SET name = $2, description = $3, website = $4, email = $5, phone = $6, country = $7
       WHERE id = $1`,
      [id, body.name, body.description, body.website, body.email, body.phone, body.country],
    );
    res.json(await loadOrganization(db, id, userId));
  });

  mount(apiRoutes.organizations.eventNumbers, async ({ params }, _req, res) => {
    const { id } = params;
    await requireMember(db, id, authOf(res).id);
    const rows = await db.query<Record<string, number>>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE start_date > now())::int AS upcoming,
              count(*) FILTER (WHERE start_date <= now() AND end_date >= now())::int AS ongoing,
              count(*) FILTER (WHERE end_date < now())::int AS past,
              (SELECT count(*)::int FROM ${PEOPLE} r JOIN events x ON x.id = r.event_id
                WHERE x.organization_id = $1 AND r.status NOT IN (${INACTIVE_SQL})) AS registrations
       FROM events WHERE organization_id = $1`,
      [id],
    );
    const n = rows[0] ?? {};
    res.json({
      organizationId: id,
      total: n.total ?? 0,
      upcoming: n.upcoming ?? 0,
      ongoing: n.ongoing ?? 0,
      past: n.past ?? 0,
      registrations: n.registrations ?? 0,
    });
  });

  mount(apiRoutes.events.listForOrganization, async ({ params }, _req, res) => {
    const id = params.orgId;
    await requireMember(db, id, authOf(res).id);
    const rows = await db.query(
      `SELECT ${EVENT_COLUMNS} FROM events e LEFT JOIN event_logos el ON el.event_id = e.id
       WHERE e.organization_id = $1 ORDER BY e.start_date DESC, e.id DESC`,
      [id],
    );
    res.json({ data: rows.map(toEvent) });
  });

  mount(
    apiRoutes.documents.organizationImage,
    async ({ params }, req, res) => {
      const { id } = params;
      const file = filesOf(req.files)[0];
      if (!file) throw new HttpError(400, 'file_required', 'An image file is required');
      const image = await checkImage(file.buffer);
      await db.query(
        `INSERT INTO organization_images (organization_id, content_type, data, hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (organization_id) DO UPDATE SET content_type = $2, data = $3, hash = $4`,
        [id, image.contentType, file.buffer, image.hash],
      );
      res.json(await loadOrganization(db, id, authOf(res).id));
    },
    {
      // the role is checked before the body is read: a plain member's upload is refused unread
      beforeBody: async ({ params }, res) => requireManager(db, params.id, authOf(res).id).then(() => {}),
      readBody: multipart(IMAGE_MAX_BYTES, 1),
    },
  );

  mount(apiRoutes.organizations.image, async ({ params }, _req, res) => {
    const { id } = params;
    await requireMember(db, id, authOf(res).id);
    const rows = await db.query<{ content_type: string; data: unknown; hash: string }>(
      'SELECT content_type, data, hash FROM organization_images WHERE organization_id = $1',
      [id],
    );
    const image = rows[0];
    if (!image) throw notFound('Image');
    res
      .set('Content-Type', image.content_type)
      .set('Cache-Control', 'private, max-age=31536000, immutable')
      .set('ETag', `"${image.hash}"`)
      .set('Content-Disposition', contentDisposition('inline', `organization-${id}`, image.content_type))
      .set('X-Content-Type-Options', 'nosniff')
      .send(toBuffer(image.data));
  });

  return router;
}
