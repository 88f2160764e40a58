import { mountOn } from '../http/mount';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import { randomInt } from 'node:crypto';
import express, { type Router } from 'express';
import type { Ctx } from '../context';
import { type Row, toIso } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import { checkImage, IMAGE_MAX_BYTES } from '../http/images';
import { loadEvent } from '../routes/events';
import { automationRoute } from '@evt/contracts/upstream-routes';
import { saveQuestions } from '../model/form-questions';
import { enrolmentMetricsOf, eventDocumentsOf, eventFormsOf } from './queries';
import { lockForm, mailPromotions, promoteWaiting } from '../model/places';

/** The registration limits a form's save may carry (docs/decisions/registration.md). */
const LIMIT_KEYS = ['capacity', 'closesAt', 'waitlist', 'promotionHours'] as const;

export function webhookRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  const requireEventRow = async (eventId: number) => {
    const rows = await db.query('SELECT id FROM events WHERE id = $1', [eventId]);
    if (!rows[0]) throw notFound('Event');
  };

  mount(
    automationRoute('eventLogo', 'POST'),
    async ({ query }, req, res) => {
      const { eventId } = query;
      await requireEventRow(eventId);
      const data = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const image = await checkImage(data);
      await db.query(
        `INSERT INTO event_logos (event_id, content_type, data, hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (event_id) DO UPDATE SET content_type = $2, data = $3, hash = $4`,
        [eventId, image.contentType, data, image.hash],
      );
      const event = await loadEvent(db, eventId);
      res.status(201).json({ eventId, logo: event.logo });
    },
    { readBody: express.raw({ type: () => true, limit: IMAGE_MAX_BYTES }) },
  );

  mount(upstreamRoutes.organizationCredential, async ({ query }, _req, res) => {
    const { id: orgId } = query;
    const rows = await db.query<{ data: Record<string, unknown>; updated_at: Date }>(
      'SELECT data, updated_at FROM organization_credentials WHERE organization_id = $1',
      [orgId],
    );
    if (!rows[0]) throw notFound('Credential');
    res.json({ organizationId: orgId, credentials: rows[0].data, updatedAt: toIso(rows[0].updated_at) });
  });

  mount(upstreamRoutes.saveOrganizationCredential, async ({ query, body }, _req, res) => {
    const { id: bodyId, ...credentials } = body;
    const fromQuery = query.id;
    if (fromQuery && bodyId && fromQuery !== bodyId)
      throw new HttpError(400, 'id_mismatch', 'The id in the query and in the body differ');
    const orgId = fromQuery ?? bodyId;
    if (!orgId) throw new HttpError(400, 'validation_failed', 'The organisation id is required');
    const orgs = await db.query('SELECT id FROM organizations WHERE id = $1', [orgId]);
    if (!orgs[0]) throw notFound('Organization');
    const rows = await db.query<{ updated_at: Date }>(
      `INSERT INTO organization_credentials (organization_id, data) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE SET data = $2, updated_at = now() RETURNING updated_at`,
      [orgId, JSON.stringify(credentials)],
    );
    res.json({ organizationId: orgId, credentials, updatedAt: toIso(rows[0]?.updated_at) });
  });

  mount(automationRoute('event', 'GET'), async ({ query }, _req, res) => {
    const { id: eventId } = query;
    res.json(await loadEvent(db, eventId));
  });

  mount(automationRoute('enrolmentMetrics', 'GET'), async ({ query }, _req, res) => {
    const { event: eventId } = query;
    await requireEventRow(eventId);
    res.json(await enrolmentMetricsOf(db, eventId));
  });

  mount(automationRoute('eventData', 'GET'), async ({ query }, _req, res) => {
    const { eventId } = query;
    const event = await loadEvent(db, eventId);
    const [documents, forms, metrics] = await Promise.all([
      eventDocumentsOf(db, eventId),
      eventFormsOf(db, eventId),
      enrolmentMetricsOf(db, eventId),
    ]);
    res.json({ event, documents, forms, metrics });
  });

  mount(upstreamRoutes.eventForms, async ({ query }, _req, res) => {
    const { eventId } = query;
    await requireEventRow(eventId);
    res.json({ data: await eventFormsOf(db, eventId) });
  });

  mount(automationRoute('eventForms', 'POST'), async ({ query, body }, _req, res) => {
    const { eventId } = query;
    const event = await loadEvent(db, eventId);
    // titles in other languages: only those written; none sent (a spec client) keeps the stored ones
    const titles = body.titles
      ? JSON.stringify(Object.fromEntries(Object.entries(body.titles).filter(([, title]) => title)))
      : null;
    const { promotions, formId } = await db.transaction(async (tx) => {
      let rows: Row[];
      if (body.id) {
        rows = await tx.query(
          `UPDATE event_forms SET kind = $3, title = $4, open = $5, titles = coalesce($6::jsonb, titles), updated_at = now()
           WHERE id = $1 AND event_id = $2 RETURNING id`,
          [body.id, eventId, body.kind, body.title, body.open, titles],
        );
        if (!rows[0]) throw notFound('Form');
      } else {
        rows = await tx.query(
          `INSERT INTO event_forms (event_id, kind, title, open, titles, position)
           VALUES ($1, $2, $3, $4, coalesce($5::jsonb, '{}'),
             (SELECT coalesce(max(position), 0) + 1 FROM event_forms WHERE event_id = $1))
           ON CONFLICT (event_id, kind) DO UPDATE
             SET title = $3, open = $4, titles = coalesce($5::jsonb, event_forms.titles), updated_at = now()
           RETURNING id`,
          [eventId, body.kind, body.title, body.open, titles],
        );
      }
      const id = Number(rows[0]?.id);
      // no list sent (renaming, opening, closing): the questions stay as they are
      if (body.questions)
        await saveQuestions(tx, { id, eventId, languages: event.languages }, body.questions);
      // the registration limits, each only when sent (a spec client sends none); under the form's lock,
      // so that a raised capacity promotes the waiting people against the places counted now
      const limits = await lockForm(tx, eventId, id);
      if (limits && LIMIT_KEYS.some((key) => body[key] !== undefined)) {
        await tx.query(
          `UPDATE event_forms SET
             capacity = CASE WHEN $2 THEN $3::int ELSE capacity END,
             closes_at = CASE WHEN $4 THEN $5::timestamptz ELSE closes_at END,
             waitlist_enabled = coalesce($6::boolean, waitlist_enabled),
             promotion_hours = coalesce($7::int, promotion_hours)
           WHERE id = $1`,
          [
            id,
            body.capacity !== undefined,
            body.capacity ?? null,
            body.closesAt !== undefined,
            body.closesAt ?? null,
            body.waitlist ?? null,
            body.promotionHours ?? null,
          ],
        );
        if (body.capacity !== undefined) limits.capacity = body.capacity;
        if (body.promotionHours !== undefined) limits.promotionHours = body.promotionHours;
      }
      return { formId: id, promotions: limits ? await promoteWaiting(tx, limits) : [] };
    });
    await mailPromotions(ctx, promotions);
    const form = (await eventFormsOf(db, eventId)).find((f) => f.id === formId);
    res.status(body.id ? 200 : 201).json(form);
  });

  /**
   * Extension: removes a form of the event that no registration came through, whatever its status (a
   * cancelled or erased registration still names its form). One that has any is refused (409
   * form_in_use): the organiser closes it instead, and its registrations keep their form.
   */
  mount(automationRoute('eventForms', 'DELETE'), async ({ query }, _req, res) => {
    const { eventId, id: formId } = query;
    await requireEventRow(eventId);
    await db.transaction(async (tx) => {
      const form = (
        await tx.query<{ kind: string }>(
          'SELECT kind FROM event_forms WHERE id = $1 AND event_id = $2 FOR UPDATE',
          [formId, eventId],
        )
      )[0];
      if (!form) throw notFound('Form');
      const used = await tx.query(
        `SELECT 1 FROM registrations WHERE event_id = $1
           AND (form_id = $2 OR (form_id IS NULL AND (kind = $3 OR role = $3))) LIMIT 1`,
        [eventId, formId, form.kind],
      );
      if (used.length > 0)
        throw new HttpError(409, 'form_in_use', 'People registered through this form: close it instead');
      await tx.query('DELETE FROM event_forms WHERE id = $1 AND event_id = $2', [formId, eventId]);
    });
    res.status(204).end();
  });

  /** Extension (see README): every form of the event, each once, in the organiser's new order. */
  mount(automationRoute('eventFormsOrder', 'POST'), async ({ query, body }, _req, res) => {
    const { eventId } = query;
    const { formIds } = body;
    await requireEventRow(eventId);
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: number }>(
        'SELECT id FROM event_forms WHERE event_id = $1 FOR UPDATE',
        [eventId],
      );
      const known = new Set(rows.map((r) => Number(r.id)));
      if (known.size !== formIds.length || formIds.some((formId) => !known.has(formId)))
        throw new HttpError(400, 'validation_failed', 'Name every form of the event once', {
          fieldErrors: { formIds: ['validation.invalidInput'] },
        });
      for (const [index, formId] of formIds.entries())
        await tx.query('UPDATE event_forms SET position = $3 WHERE id = $1 AND event_id = $2', [
          formId,
          eventId,
          index + 1,
        ]);
    });
    res.json({ data: await eventFormsOf(db, eventId) });
  });

  mount(automationRoute('configMatching', 'GET'), async ({ query }, _req, res) => {
    const { f: eventId } = query;
    await requireEventRow(eventId);
    const rows = await db.query<{ form_id: number; config: Record<string, unknown>; updated_at: Date }>(
      'SELECT form_id, config, updated_at FROM config_matching WHERE event_id = $1 ORDER BY form_id',
      [eventId],
    );
    res.json({
      eventId,
      data: rows.map((r) => ({ formId: r.form_id, config: r.config, updatedAt: toIso(r.updated_at) })),
    });
  });

  mount(automationRoute('configMatching', 'POST'), async ({ query, body }, _req, res) => {
    const { f: eventId } = query;
    await requireEventRow(eventId);
    const rows = await db.query<{ updated_at: Date }>(
      `INSERT INTO config_matching (event_id, form_id, config) VALUES ($1, $2, $3)
       ON CONFLICT (event_id, form_id) DO UPDATE SET config = $3, updated_at = now() RETURNING updated_at`,
      [eventId, body.form_id, JSON.stringify(body.config)],
    );
    res.json({ eventId, formId: body.form_id, config: body.config, updatedAt: toIso(rows[0]?.updated_at) });
  });

  mount(upstreamRoutes.createZoomMeeting, async ({ query, body }, _req, res) => {
    const { eventId } = query;
    await requireEventRow(eventId);
    // A fake host: the reference upstream never calls Zoom.
    const joinUrl = `https://zoom.example.invalid/j/${randomInt(1e9, 1e10)}`;
    const rows = await db.query<{ id: number }>(
      `INSERT INTO zoom_meetings (event_id, topic, start_time, duration, join_url, request_key)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id, request_key) DO NOTHING RETURNING id`,
      [eventId, body.topic, body.startTime, body.duration, joinUrl, body.requestKey ?? null],
    );
    if (!rows[0]) {
      // the same key again: the meeting the first call made
      const [made] = await db.query<{
        id: number;
        topic: string;
        start_time: Date;
        duration: number;
        join_url: string;
      }>('SELECT * FROM zoom_meetings WHERE event_id = $1 AND request_key = $2', [eventId, body.requestKey]);
      if (!made) throw notFound('Meeting');
      res.status(200).json({
        id: made.id,
        eventId,
        topic: made.topic,
        startTime: new Date(made.start_time).toISOString(),
        duration: made.duration,
        joinUrl: made.join_url,
      });
      return;
    }
    res.status(201).json({
      id: rows[0]?.id,
      eventId,
      topic: body.topic,
      startTime: new Date(body.startTime).toISOString(),
      duration: body.duration,
      joinUrl,
    });
  });

  // the whole meeting replaced (topic, start, duration): the same call again leaves it as it is
  mount(upstreamRoutes.updateZoomMeeting, async ({ query, body }, _req, res) => {
    const { eventId, id } = query;
    const [row] = await db.query<{ id: number; start_time: Date; join_url: string }>(
      `UPDATE zoom_meetings SET topic = $1, start_time = $2, duration = $3
       WHERE id = $4 AND event_id = $5 RETURNING id, start_time, join_url`,
      [body.topic, body.startTime, body.duration, id, eventId],
    );
    if (!row) throw notFound('Meeting');
    res.json({
      id: row.id,
      eventId,
      topic: body.topic,
      startTime: new Date(row.start_time).toISOString(),
      duration: body.duration,
      joinUrl: row.join_url,
    });
  });

  mount(upstreamRoutes.deleteZoomMeeting, async ({ query }, _req, res) => {
    const q = query;
    const rows = await db.query('DELETE FROM zoom_meetings WHERE id = $1 AND event_id = $2 RETURNING id', [
      q.id,
      q.eventId,
    ]);
    if (!rows[0]) throw notFound('Meeting');
    res.status(204).end();
  });

  return router;
}
