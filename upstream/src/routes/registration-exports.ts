import { apiRoutes } from '@evt/contracts/routes';
import { REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { questionsOfKind } from '@evt/contracts/registration-forms';
import {
  type ExportFilters,
  exportFilters,
  type RegistrationExport,
  registrationExportUpstreamRoutes as worker,
} from '@evt/contracts/registration-exports';
import express, { type Router } from 'express';
import type { Ctx } from '../context';
import { type Queryable, type Row, toBuffer, toIso } from '../db/db';
import { authOf } from '../http/auth';
import { contentDisposition } from '../http/download-name';
import { HttpError, notFound } from '../http/errors';
import { mountOn } from '../http/mount';
import { audit, readableText, requirePermission } from '../rights/permissions';
import { eventFormsOf } from '../webhook/queries';
import { keysetPage, listCounts, visibleTo } from './registrations-admin';

/** A run that wrote nothing for this long is taken again by the next scan (its worker is gone). */
const LEASE_SECONDS = 60;
/** Runs taken before the export is given up (each started after a worker died or a batch failed). */
const MAX_RUNS = 5;
const FILE_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const EXPORT_COLUMNS = `id, event_id, format, status, rows_done, rows_total, created_at, finished_at, expires_at`;

const toExport = (row: Row): RegistrationExport => ({
  id: Number(row.id),
  eventId: Number(row.event_id),
  format: row.format as RegistrationExport['format'],
  status: row.status as RegistrationExport['status'],
  rowsDone: Number(row.rows_done),
  rowsTotal: Number(row.rows_total),
  createdAt: toIso(row.created_at),
  finishedAt: row.finished_at ? toIso(row.finished_at) : null,
  expiresAt: toIso(row.expires_at),
});

/** The caller's own export of this event, not expired; 404 for anyone else's (its existence does not leak). */
async function ownExport(db: Queryable, eventId: number, exportId: number, userId: number) {
  const rows = await db.query(
    `SELECT ${EXPORT_COLUMNS}, run FROM registration_exports
     WHERE id = $1 AND event_id = $2 AND requested_by = $3 AND expires_at > now()`,
    [exportId, eventId, userId],
  );
  if (!rows[0]) throw notFound('Export');
  return rows[0];
}

/** The organiser's exports: start one, follow it, download its file. */
export function registrationExportRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.registrationExports.start, async ({ params, body }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    const rights = await requirePermission(db, id, userId, 'registrations:export');
    const { format, locale, timeZone, ...filters } = body;
    // a sort by what the caller may not read is refused now, not when the job reads
    readableText(rights.permissions).sortKey(filters.sort);
    const { total } = await listCounts(db, id, filters, rights);
    const rows = await db.query(
      `INSERT INTO registration_exports
         (event_id, organization_id, requested_by, format, locale, time_zone, filters, rows_total)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8) RETURNING ${EXPORT_COLUMNS}`,
      [id, rights.organizationId, userId, format, locale, timeZone, JSON.stringify(filters), total],
    );
    await audit(db, {
      organizationId: rights.organizationId,
      eventId: id,
      actorId: userId,
      action: 'registrations.exported',
      details: { kinds: filters.kind, total, format },
    });
    res.status(202).json(toExport(rows[0] as Row));
  });

  mount(apiRoutes.registrationExports.list, async ({ params }, _req, res) => {
    const userId = authOf(res).id;
    await requirePermission(db, params.id, userId, 'registrations:export');
    const rows = await db.query(
      `SELECT ${EXPORT_COLUMNS} FROM registration_exports
       WHERE event_id = $1 AND requested_by = $2 AND expires_at > now() ORDER BY created_at DESC, id DESC LIMIT 20`,
      [params.id, userId],
    );
    res.json({ data: rows.map(toExport) });
  });

  mount(apiRoutes.registrationExports.status, async ({ params }, _req, res) => {
    const userId = authOf(res).id;
    await requirePermission(db, params.id, userId, 'registrations:export');
    res.json(toExport(await ownExport(db, params.id, params.exportId, userId)));
  });

  mount(apiRoutes.registrationExports.file, async ({ params }, _req, res) => {
    const userId = authOf(res).id;
    await requirePermission(db, params.id, userId, 'registrations:export');
    const found = await ownExport(db, params.id, params.exportId, userId);
    if (found.status !== 'done') throw new HttpError(409, 'conflict', 'The export is not ready');
    const format = found.format as keyof typeof FILE_TYPES;
    const name = `registrations-${params.id}-${params.exportId}.${format}`;
    const seqs = await db.query<{ seq: number }>(
      'SELECT seq FROM registration_export_chunks WHERE export_id = $1 AND run = $2 ORDER BY seq',
      [params.exportId, found.run],
    );
    res
      .status(200)
      .set('Content-Type', FILE_TYPES[format])
      .set(
        'Content-Disposition',
        contentDisposition('attachment', name, FILE_TYPES[format].split(';')[0] ?? ''),
      )
      .set('X-Content-Type-Options', 'nosniff')
      .set('Cache-Control', 'private, no-store');
    // one chunk in memory at a time, each written when the client has taken the one before
    for (const { seq } of seqs) {
      const chunk = await db.query<{ data: unknown }>(
        'SELECT data FROM registration_export_chunks WHERE export_id = $1 AND run = $2 AND seq = $3',
        [params.exportId, found.run, seq],
      );
      if (!chunk[0]) continue;
      if (!res.write(toBuffer(chunk[0].data))) await new Promise((r) => res.once('drain', r));
    }
    res.end();
  });

  return router;
}

/** The job queue's export calls, behind the automation webhook's shared header. */
export function registrationExportWorkerRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  const small = { readBody: express.json({ limit: '100kb' }) };

  /** the rights of the export's requester now (a right withdrawn meanwhile stops the export) */
  async function runOf(exportId: number, run: number) {
    const rows = await db.query(
      `SELECT event_id, requested_by, format, locale, time_zone, filters, status, run FROM registration_exports
       WHERE id = $1`,
      [exportId],
    );
    const row = rows[0];
    return row && Number(row.run) === run && row.status === 'running' ? row : null;
  }

  mount(
    worker.due,
    async ({ body }, _req, res) => {
      await db.query(
        `UPDATE registration_exports SET status = 'failed', error = 'tries', finished_at = now()
         WHERE status IN ('queued', 'running') AND run >= $1
           AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2))`,
        [MAX_RUNS, LEASE_SECONDS],
      );
      const rows = await db.query<{ id: number; run: number }>(
        `UPDATE registration_exports SET run = run + 1, heartbeat_at = now() WHERE id IN (
           SELECT id FROM registration_exports
           WHERE status IN ('queued', 'running') AND expires_at > now()
             AND ($1 OR heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2))
           ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id, run`,
        [body.all, LEASE_SECONDS, body.limit],
      );
      res.json({ exports: rows.map((r) => ({ exportId: Number(r.id), run: Number(r.run) })) });
    },
    small,
  );

  mount(
    worker.begin,
    async ({ body }, _req, res) => {
      const { exportId, run } = body;
      const started = await db.query(
        `UPDATE registration_exports SET status = 'running', rows_done = 0, byte_size = 0, heartbeat_at = now()
         WHERE id = $1 AND run = $2 AND status IN ('queued', 'running') AND expires_at > now()
         RETURNING event_id, requested_by, format, locale, time_zone, filters`,
        [exportId, run],
      );
      const row = started[0];
      if (!row) return void res.json({ job: null });
      // a run writes the file from its start: what an earlier run (or try of this one) wrote goes
      await db.query('DELETE FROM registration_export_chunks WHERE export_id = $1', [exportId]);
      const eventId = Number(row.event_id);
      const rights = await requirePermission(
        db,
        eventId,
        Number(row.requested_by),
        'registrations:export',
      ).catch(() => null);
      if (!rights) {
        await failRun(db, exportId, run, 'forbidden');
        return void res.json({ job: null });
      }
      const filters: ExportFilters = exportFilters.parse(row.filters);
      const { total } = await listCounts(db, eventId, filters, rights);
      await db.query('UPDATE registration_exports SET rows_total = $2 WHERE id = $1', [exportId, total]);
      const forms = await eventFormsOf(db, eventId);
      const kinds: readonly RegistrationKind[] = filters.kind.length ? filters.kind : REGISTRATION_KINDS;
      res.json({
        job: {
          eventId,
          format: row.format,
          locale: row.locale,
          timeZone: row.time_zone,
          filters,
          total,
          questions: Object.fromEntries(kinds.map((kind) => [kind, questionsOfKind(forms, kind)])),
        },
      });
    },
    small,
  );

  mount(
    worker.batch,
    async ({ body }, _req, res) => {
      const row = await runOf(body.exportId, body.run);
      if (!row) return void res.json({ data: [], nextCursor: null, superseded: true });
      const eventId = Number(row.event_id);
      const rights = await requirePermission(db, eventId, Number(row.requested_by), 'registrations:export');
      const filters = exportFilters.parse(row.filters);
      const page = await keysetPage(
        db,
        eventId,
        { ...filters, limit: body.limit, ...(body.after ? { after: body.after } : {}) },
        rights,
      );
      res.json({ data: page.data.map(visibleTo(rights)), nextCursor: page.nextCursor, superseded: false });
    },
    small,
  );

  mount(
    worker.write,
    async ({ body }, _req, res) => {
      const { exportId, run, seq, rowsDone, done } = body;
      const bytes = Buffer.from(body.data, 'base64');
      const superseded = await db.transaction(async (tx) => {
        const updated = await tx.query(
          `UPDATE registration_exports SET rows_done = $3, byte_size = byte_size + $4, heartbeat_at = now(),
             status = CASE WHEN $5 THEN 'done' ELSE status END,
             finished_at = CASE WHEN $5 THEN now() ELSE finished_at END,
             expires_at = CASE WHEN $5 THEN now() + interval '24 hours' ELSE expires_at END
           WHERE id = $1 AND run = $2 AND status = 'running' RETURNING id`,
          [exportId, run, rowsDone, bytes.length, done],
        );
        if (!updated[0]) return true;
        if (bytes.length)
          await tx.query(
            `INSERT INTO registration_export_chunks (export_id, run, seq, data) VALUES ($1, $2, $3, $4)
             ON CONFLICT (export_id, run, seq) DO NOTHING`,
            [exportId, run, seq, bytes],
          );
        return false;
      });
      res.json({ superseded });
    },
    { readBody: express.json({ limit: '8mb' }) },
  );

  mount(
    worker.expire,
    async (_input, _req, res) => {
      const gone = await db.query('DELETE FROM registration_exports WHERE expires_at <= now() RETURNING id');
      res.json({ deleted: gone.length });
    },
    small,
  );

  return router;
}

async function failRun(db: Queryable, exportId: number, run: number, error: string) {
  await db.query(
    `UPDATE registration_exports SET status = 'failed', error = $3, finished_at = now()
     WHERE id = $1 AND run = $2 AND status IN ('queued', 'running')`,
    [exportId, run, error],
  );
  await db.query('DELETE FROM registration_export_chunks WHERE export_id = $1', [exportId]);
}
