import { eventParams } from '@evt/contracts/events';
import { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import { type Queryable, toBuffer } from '../db/db';
import { authOf, requireAuth } from '../http/auth';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';
import { EVENT_COLUMNS, toEvent } from '../model/mappers';

export async function loadEvent(db: Queryable, id: number) {
  const rows = await db.query(
    `SELECT ${EVENT_COLUMNS} FROM events e LEFT JOIN event_logos el ON el.event_id = e.id WHERE e.id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound('Event');
  return toEvent(rows[0]);
}

export function eventRoutes(ctx: Ctx): Router {
  const router = Router();
  const { db } = ctx;
  const auth = requireAuth(ctx);

  /** Public: the logo brands the event's public registration pages, which visitors see without an account. */
  router.get('/events/:id/logo', async (req, res) => {
    const { id } = parse(eventParams, req.params);
    const rows = await db.query<{ content_type: string; data: unknown; hash: string }>(
      'SELECT content_type, data, hash FROM event_logos WHERE event_id = $1',
      [id],
    );
    const logo = rows[0];
    if (!logo) throw notFound('Logo');
    res
      .set('Content-Type', logo.content_type)
      .set('Cache-Control', 'public, max-age=31536000, immutable')
      .set('ETag', `"${logo.hash}"`)
      .set('X-Content-Type-Options', 'nosniff')
      .send(toBuffer(logo.data));
  });

  router.get('/events/:id', auth, async (req, res) => {
    const { id } = parse(eventParams, req.params);
    await requireEvent(db, id, authOf(res).id);
    res.json(await loadEvent(db, id));
  });

  return router;
}
