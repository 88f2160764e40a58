import {
  eventRegistrationParams,
  registrationFileParams,
  registrationItemParams,
  registrationListQuery,
} from '@evt/contracts/registrations';
import { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { toBuffer } from '../db/db';
import { authOf, requireAuth } from '../http/auth';
import { contentDisposition } from '../http/download-name';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';
import { filesOf, orderBy, REGISTRATION_COLUMNS, toRegistration } from '../model/registrations';

/** The organiser's lists of who registered: members of the event's organisation only. */
export function registrationAdminRoutes(ctx: Ctx): Router {
  const router = Router();
  const { db } = ctx;
  const auth = requireAuth(ctx);

  router.get('/events/:id/registrations', auth, async (req, res) => {
    const { id } = parse(eventRegistrationParams, req.params);
    const query = parse(registrationListQuery, req.query);
    await requireEvent(db, id, authOf(res).id);
    const where = ['r.event_id = $1'];
    const params: unknown[] = [id];
    if (query.kind.length) {
      params.push(query.kind);
      where.push(`r.kind = ANY($${params.length}::text[])`);
    }
    if (query.status) {
      params.push(query.status);
      where.push(`r.status = $${params.length}`);
    }
    if (query.q) {
      params.push(`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const p = `$${params.length}`;
      where.push(
        `(lower(r.email) LIKE ${p} OR lower(r.last_name) LIKE ${p} OR lower(r.first_names) LIKE ${p})`,
      );
    }
    const filter = where.join(' AND ');
    const [count, rows] = await Promise.all([
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM registrations r WHERE ${filter}`, params),
      db.query(
        `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE ${filter}
         ORDER BY ${orderBy(query.sort)} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
        params,
      ),
    ]);
    const files = await filesOf(
      db,
      rows.map((r) => Number(r.id)),
    );
    res.json({
      data: rows.map((r) => toRegistration(r, files)),
      page: query.page,
      limit: query.limit,
      total: count[0]?.n ?? 0,
    });
  });

  router.get('/events/:id/registrations/:registrationId', auth, async (req, res) => {
    const { id, registrationId } = parse(registrationItemParams, req.params);
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      `SELECT ${REGISTRATION_COLUMNS} FROM registrations r WHERE r.id = $1 AND r.event_id = $2`,
      [registrationId, id],
    );
    if (!rows[0]) throw notFound('Registration');
    res.json(toRegistration(rows[0], await filesOf(db, [registrationId])));
  });

  // extension: confirmed by the organiser (idempotent; the confirmation date is the first one)
  router.post('/events/:id/registrations/:registrationId/confirm', auth, async (req, res) => {
    const { id, registrationId } = parse(registrationItemParams, req.params);
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query(
      `UPDATE registrations r SET status = 'confirmed', confirmed_at = coalesce(r.confirmed_at, now())
       WHERE r.id = $1 AND r.event_id = $2 RETURNING ${REGISTRATION_COLUMNS}`,
      [registrationId, id],
    );
    if (!rows[0]) throw notFound('Registration');
    res.json(toRegistration(rows[0], await filesOf(db, [registrationId])));
  });

  // extension: deleted with its files
  router.delete('/events/:id/registrations/:registrationId', auth, async (req, res) => {
    const { id, registrationId } = parse(registrationItemParams, req.params);
    await requireEvent(db, id, authOf(res).id);
    const deleted = await db.transaction(async (tx) => {
      await tx.query('DELETE FROM registration_files WHERE registration_id = $1 AND event_id = $2', [
        registrationId,
        id,
      ]);
      return tx.query('DELETE FROM registrations WHERE id = $1 AND event_id = $2 RETURNING id', [
        registrationId,
        id,
      ]);
    });
    if (!deleted[0]) throw notFound('Registration');
    res.status(204).end();
  });

  router.get('/events/:id/registrations/:registrationId/files/:fileId', auth, async (req, res) => {
    const { id, registrationId, fileId } = parse(registrationFileParams, req.params);
    await requireEvent(db, id, authOf(res).id);
    const rows = await db.query<{ filename: string; content_type: string; data: unknown }>(
      `SELECT filename, content_type, data FROM registration_files
       WHERE id = $1 AND registration_id = $2 AND event_id = $3`,
      [fileId, registrationId, id],
    );
    const file = rows[0];
    if (!file) throw notFound('File');
    res
      .set('Content-Type', file.content_type)
      .set('Content-Disposition', contentDisposition('attachment', file.filename, file.content_type))
      .set('X-Content-Type-Options', 'nosniff')
      .set('Cache-Control', 'private, no-store')
      .send(toBuffer(file.data));
  });

  return router;
}
