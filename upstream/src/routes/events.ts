import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import { randomBytes } from 'node:crypto';
import { canMoveTo, type EventStatus } from '@evt/contracts/events';
import {
  EVENT_DOCUMENT_MAX_BYTES,
  EVENT_DOCUMENT_MAX_FILES,
  EVENT_DOCUMENT_TYPES,
  type EventTranslations,
  type updateEventBody,
} from '@evt/contracts/upstream-events';
import { mainLocaleOf } from '@evt/contracts/locale';
import type { Router } from 'express';
import type { z } from 'zod';
import { requireEvent, requireManager } from '../access';
import type { Ctx } from '../context';
import { type Queryable, toBuffer } from '../db/db';
import { authOf } from '../http/auth';
import { contentDisposition, fileNameFor } from '../http/download-name';
import { forbidden, HttpError, notFound } from '../http/errors';
import { sniffFile } from '../http/images';
import { filesOf, multipart } from '../http/uploads';
import { EVENT_COLUMNS, toEvent } from '../model/mappers';
import { organizationPermissions } from '../rights/permissions';
import { eventDocumentsOf } from '../webhook/queries';

/** `Salon de l'Été 2027` -> `salon-de-l-ete-2027`; names without Latin letters give `event`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'event';
}

export async function loadEvent(db: Queryable, id: number) {
  const rows = await db.query(
    `SELECT ${EVENT_COLUMNS} FROM events e LEFT JOIN event_logos el ON el.event_id = e.id WHERE e.id = $1`,
    [id],
  );
  if (!rows[0]) throw notFound('Event');
  return toEvent(rows[0]);
}

/**
 * name, description, venue, city, country, start_date, end_date, languages, status, translations,
 * start_time, end_time, time_zone: as the columns take them
 */
function fieldValues(body: z.output<typeof updateEventBody>) {
  const { name, description, venue, city, country, startDate, endDate, languages, status } = body;
  // only the event's other languages (its main one is name and description), and only what was written
  const translations: EventTranslations = {};
  const main = mainLocaleOf(languages);
  for (const locale of languages.filter((l) => l !== main)) {
    const text = body.translations[locale];
    if (text?.name || text?.description) translations[locale] = text;
  }
  return [
    name,
    description,
    venue,
    city,
    country,
    startDate,
    endDate,
    JSON.stringify([...new Set(languages)]),
    status,
    JSON.stringify(translations),
    body.startTime,
    body.endTime,
    body.timeZone,
  ];
}

export function eventRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  /** Public: the logo brands the event's public registration pages, which visitors see without an account. */
  mount(apiRoutes.documents.eventLogo, async ({ params }, _req, res) => {
    const { id } = params;
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
      .set('Content-Disposition', contentDisposition('inline', `event-${id}-logo`, logo.content_type))
      .set('X-Content-Type-Options', 'nosniff')
      .send(toBuffer(logo.data));
  });

  mount(apiRoutes.events.create, async ({ body }, _req, res) => {
    // a permission of its own, from the organisation's rules; the creator is given nothing in the new event
    const held = await organizationPermissions(db, body.organization, authOf(res).id);
    if (!held.includes('events:create')) throw forbidden();
    const base = body.slug ?? slugify(body.name);
    let eventId: number | undefined;
    // the first free slug among base, base-2, base-3…, then a random suffix
    for (let attempt = 1; attempt <= 12 && !eventId; attempt++) {
      const slug =
        attempt === 1
          ? base
          : attempt < 12
            ? `${base}-${attempt}`
            : `${base}-${randomBytes(4).toString('hex')}`;
      const rows = await db.query<{ id: number }>(
        `INSERT INTO events (organization_id, slug, name, description, venue, city, country, start_date, end_date, languages, status, translations,
           start_time, end_time, time_zone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [body.organization, slug, ...fieldValues(body)],
      );
      eventId = rows[0]?.id;
      if (!eventId && body.slug)
        throw new HttpError(409, 'slug_taken', 'Another event already uses this slug');
    }
    if (!eventId) throw new HttpError(409, 'slug_taken', 'No free slug for this name');
    res.status(201).json(await loadEvent(db, eventId));
  });

  mount(
    apiRoutes.documents.upload,
    async ({ params }, req, res) => {
      const { id: eventId } = params;
      const files = filesOf(req.files);
      if (files.length === 0) throw new HttpError(400, 'file_required', 'At least one file is required');
      const typed = await Promise.all(
        files.map(async (file) => {
          const type = await sniffFile(file.buffer, EVENT_DOCUMENT_TYPES);
          if (!type)
            throw new HttpError(415, 'unsupported_media_type', `Unsupported file type: ${file.originalname}`);
          return { file, mime: type.mime };
        }),
      );
      const ids = await db.transaction(async (tx) => {
        const out: number[] = [];
        for (const { file, mime } of typed) {
          const name = fileNameFor(file.originalname || 'document', mime);
          const rows = await tx.query<{ id: number }>(
            `INSERT INTO event_documents (event_id, filename, content_type, size, data) VALUES ($1, $2, $3, $4, $5)
             RETURNING id`,
            [eventId, name, mime, file.size, file.buffer],
          );
          out.push(rows[0]?.id as number);
        }
        return out;
      });
      const all = await eventDocumentsOf(db, eventId);
      res.status(201).json({ data: all.filter((d) => ids.includes(d.id)) });
    },
    {
      // the caller's membership is checked before the files are read
      beforeBody: async ({ params }, res) => requireEvent(db, params.id, authOf(res).id).then(() => {}),
      readBody: multipart(EVENT_DOCUMENT_MAX_BYTES, EVENT_DOCUMENT_MAX_FILES),
    },
  );

  mount(apiRoutes.documents.list, async ({ params }, _req, res) => {
    const { id: eventId } = params;
    await requireEvent(db, eventId, authOf(res).id);
    res.json({ data: await eventDocumentsOf(db, eventId) });
  });

  mount(apiRoutes.documents.download, async ({ params }, _req, res) => {
    const { id: eventId, documentId } = params;
    await requireEvent(db, eventId, authOf(res).id);
    const rows = await db.query<{ filename: string; content_type: string; data: unknown }>(
      'SELECT filename, content_type, data FROM event_documents WHERE id = $1 AND event_id = $2',
      [documentId, eventId],
    );
    const doc = rows[0];
    if (!doc) throw notFound('Document');
    res
      .set('Content-Type', doc.content_type)
      .set('Content-Disposition', contentDisposition('attachment', doc.filename, doc.content_type))
      .set('X-Content-Type-Options', 'nosniff')
      .send(toBuffer(doc.data));
  });

  mount(apiRoutes.events.get, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    res.json(await loadEvent(db, id));
  });

  /** Extension (see README): the event's fields as on creation, slug and organisation kept. */
  mount(apiRoutes.events.update, async ({ params, body }, _req, res) => {
    const { id } = params;
    const current = await requireEvent<{ status: EventStatus }>(db, id, authOf(res).id);
    // the status follows the same life here as through PUT /events/{id}/status
    if (body.status !== current.status && !canMoveTo(current.status, body.status))
      throw new HttpError(
        409,
        'invalid_transition',
        `A ${current.status} event cannot become ${body.status}`,
      );
    await db.query(
      `UPDATE events SET name = $2, description = $3, venue = $4, city = $5, country = $6, start_date = $7,
         end_date = $8, languages = $9, status = $10, translations = $11, start_time = $12, end_time = $13,
         time_zone = $14
       WHERE id = $1`,
      [id, ...fieldValues(body)],
    );
    res.json(await loadEvent(db, id));
  });

  /** Extension: publish or archive along EVENT_TRANSITIONS; any member of the organisation. */
  mount(apiRoutes.events.setStatus, async ({ params, body }, _req, res) => {
    const { id } = params;
    const event = await requireEvent<{ status: EventStatus }>(db, id, authOf(res).id);
    const { status } = body;
    if (status !== event.status) {
      if (!canMoveTo(event.status, status))
        throw new HttpError(409, 'invalid_transition', `A ${event.status} event cannot become ${status}`);
      // the status read above must still hold: two changes at once do not both pass
      const moved = await db.query(
        'UPDATE events SET status = $2 WHERE id = $1 AND status = $3 RETURNING id',
        [id, status, event.status],
      );
      if (moved.length === 0) throw new HttpError(409, 'invalid_transition', 'The event changed meanwhile');
    }
    res.json(await loadEvent(db, id));
  });

  /** Extension: closes every registration form of the event; any member, as closing one form. */
  mount(apiRoutes.events.closeRegistrations, async ({ params }, _req, res) => {
    const { id } = params;
    await requireEvent(db, id, authOf(res).id);
    const closed = await db.query(
      'UPDATE event_forms SET open = false, updated_at = now() WHERE event_id = $1 AND open RETURNING id',
      [id],
    );
    res.json({ closed: closed.length });
  });

  /**
   * Extension: deletes the event and, by the schema's cascades, its forms, registrations and
   * their files, documents, logo, commissions, projects, tasks and features. Owners and admins only.
   */
  mount(apiRoutes.events.remove, async ({ params }, _req, res) => {
    const { id } = params;
    const event = await requireEvent<{ organization_id: number }>(db, id, authOf(res).id);
    await requireManager(db, Number(event.organization_id), authOf(res).id);
    await db.query('DELETE FROM events WHERE id = $1', [id]);
    res.status(204).end();
  });

  return router;
}
