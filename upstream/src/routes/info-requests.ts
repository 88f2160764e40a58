import { type Handler, mountOn } from '../http/mount';
import { infoRequestUpstreamRoutes } from '@evt/contracts/info-requests';
import { apiRoutes } from '@evt/contracts/routes';
import {
  INFO_REQUEST_FILE,
  type InfoRequest,
  type InfoRequestState,
  type PublicInfoRequest,
  type RequestItem,
  requestToken,
  requestUploadFields,
} from '@evt/contracts/info-requests';
import { LOCALE_PREFIX, type Locale, normaliseLocale } from '@evt/contracts/locale';
import { keyFragment } from '@evt/contracts/visitor-pages';
import { EVENT_NAME_COLUMNS, eventNameOfRow, eventNameVersionsOfRow } from '../model/mappers';
import type { Router } from 'express';
import type { Ctx } from '../context';
import { type Queryable, type Row, toBuffer, toIso } from '../db/db';
import { authOf } from '../http/auth';
import { contentDisposition, fileNameFor } from '../http/download-name';
import { HttpError, notFound } from '../http/errors';
import { sniffFile } from '../http/images';
import { filesOf, multipart } from '../http/uploads';
import { parse } from '../http/validate';
import { composeMail } from '../mail/templates';
import { DEFAULT_PUBLIC_URL } from '../mailings/render';
import { newSecret, sha256 } from '../model/registrations';
import { requirePermission } from '../rights/permissions';
import { requireVisitorFeature } from './features';

const DAY_MS = 24 * 3_600_000;

/** The state as the organiser reads it: cancelled and answered are final, then expiry, then the first visit. */
const STATE_SQL = `CASE WHEN q.cancelled_at IS NOT NULL THEN 'cancelled'
  WHEN q.answered_at IS NOT NULL THEN 'answered'
  WHEN q.expires_at < now() THEN 'expired'
  WHEN q.opened_at IS NOT NULL THEN 'opened' ELSE 'sent' END`;

const COLUMNS = `q.id, q.event_id, q.registration_id, q.message, q.items, q.answers, q.reminder_days,
  q.created_at, q.expires_at, q.opened_at, q.answered_at, q.reminded_at, ${STATE_SQL} AS state,
  coalesce(nullif(trim(r.first_names || ' ' || r.last_name), ''), r.full_name, '') AS person`;

interface RequestRow {
  id: number;
  event_id: number;
  registration_id: number;
  message: string;
  items: RequestItem[];
  answers: Record<string, string>;
  reminder_days: number;
  created_at: Date;
  expires_at: Date;
  opened_at: Date | null;
  answered_at: Date | null;
  reminded_at: Date | null;
  state: InfoRequestState;
  person: string;
  [key: string]: unknown;
}

const isoOrNull = (value: unknown) => (value ? toIso(value) : null);

async function withFiles(db: Queryable, rows: RequestRow[]): Promise<InfoRequest[]> {
  const files = rows.length
    ? await db.query<{
        id: number;
        request_id: number;
        item_key: string;
        filename: string;
        content_type: string;
        size: number;
      }>(
        `SELECT id, request_id, item_key, filename, content_type, size FROM info_request_files
         WHERE request_id = ANY($1::int[]) ORDER BY id`,
        [rows.map((r) => r.id)],
      )
    : [];
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    registrationId: r.registration_id,
    person: r.person,
    message: r.message,
    items: r.items,
    state: r.state,
    reminderDays: r.reminder_days,
    createdAt: toIso(r.created_at),
    expiresAt: toIso(r.expires_at),
    openedAt: isoOrNull(r.opened_at),
    answeredAt: isoOrNull(r.answered_at),
    remindedAt: isoOrNull(r.reminded_at),
    // documents and answers of a request not yet answered are the visitor's drafts, not shown
    answers: r.state === 'answered' ? r.answers : {},
    files: files
      .filter((f) => f.request_id === r.id && r.state === 'answered')
      .map((f) => ({
        id: f.id,
        key: f.item_key,
        name: f.filename,
        size: f.size,
        type: f.content_type,
        url: `/events/${r.event_id}/requests/${r.id}/files/${f.id}`,
      })),
  }));
}

async function requestsOf(db: Queryable, where: string, params: unknown[]): Promise<InfoRequest[]> {
  const rows = await db.query<RequestRow>(
    `SELECT ${COLUMNS} FROM info_requests q JOIN registrations r ON r.id = q.registration_id
     WHERE ${where} ORDER BY q.created_at DESC, q.id DESC`,
    params,
  );
  return withFiles(db, rows);
}

interface MailTarget {
  email: string;
  locale: string;
  name: string;
  eventName: string;
  message: string;
}

/** The personal link mail (or its reminder) in the person's registration language. */
async function mailLink(
  ctx: Ctx,
  kind: 'infoRequest' | 'infoRequestReminder',
  to: MailTarget,
  token: string,
) {
  const locale: Locale = normaliseLocale(to.locale) ?? 'fr';
  const base = (ctx.publicUrl ?? DEFAULT_PUBLIC_URL).replace(/\/+$/, '');
  const mail = composeMail(kind, locale, {
    // the token in the fragment: no server or access log on the way sees it
    link: `${base}${LOCALE_PREFIX[locale]}/requests${keyFragment(token)}`,
    organization: to.eventName,
    note: to.message,
    ...(to.name ? { name: to.name } : {}),
  });
  await ctx.mail.send({ to: to.email, locale, ...mail });
}

const TARGET_SQL = `SELECT r.email, r.locale, ${EVENT_NAME_COLUMNS}, q.message,
  trim(r.first_names || ' ' || r.last_name) AS person
  FROM info_requests q JOIN registrations r ON r.id = q.registration_id JOIN events e ON e.id = q.event_id`;
const toTarget = (row: Record<string, unknown>): MailTarget => ({
  email: String(row.email),
  locale: String(row.locale),
  name: String(row.person ?? ''),
  // in the person's language, as the rest of the mail
  eventName: eventNameOfRow(row, normaliseLocale(String(row.locale)) ?? 'fr'),
  message: String(row.message),
});

/** The open request a visitor's token names; unknown, expired, cancelled and answered-and-expired alike: 404. */
async function openByToken(db: Queryable, token: string) {
  const rows = await db.query<{ id: number; event_id: number; answered: boolean; items: RequestItem[] }>(
    `SELECT id, event_id, answered_at IS NOT NULL AS answered, items FROM info_requests
     WHERE (token_hash = $1 OR reminder_token_hash = $1) AND cancelled_at IS NULL AND expires_at > now()`,
    [sha256(token)],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, 'not_found', 'This link is unknown or expired');
  await requireVisitorFeature(db, Number(row.event_id), 'informationRequests');
  return row;
}

const alreadyAnswered = () => new HttpError(409, 'conflict', 'This request has already been answered');

/**
 * Information requests: `GET|POST /events/{id}/requests`, `POST /events/{id}/requests/{requestId}/
 * {resend|cancel}`, `GET …/files/{fileId}` for members holding `requests:manage`; `/public/requests/*` for the
 * BFF only (the shared service header), the link's token in the body; `/webhook/info-request-reminders` for
 * the job queue's periodic scan.
 */
export function infoRequestRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(apiRoutes.infoRequests.list, async ({ params, query }, _req, res) => {
    const { id } = params;
    await requirePermission(db, id, authOf(res).id, 'requests:manage');
    const where = ['q.event_id = $1'];
    const values: unknown[] = [id];
    if (query.registrationId) {
      values.push(query.registrationId);
      where.push(`q.registration_id = $${values.length}`);
    }
    if (query.state) {
      values.push(query.state);
      where.push(`(${STATE_SQL}) = $${values.length}`);
    }
    res.json({ items: await requestsOf(db, where.join(' AND '), values) });
  });

  mount(apiRoutes.infoRequests.create, async ({ params, body }, _req, res) => {
    const { id } = params;
    const userId = authOf(res).id;
    await requirePermission(db, id, userId, 'requests:manage');
    const token = newSecret('irq_');
    const items: RequestItem[] = body.items.map((item, index) => ({ ...item, key: `q${index + 1}` }));
    const created = await db.transaction(async (tx) => {
      // the registration must be one of this event's (any role): another event's is not found here
      const found = await tx.query('SELECT id FROM registrations WHERE id = $1 AND event_id = $2', [
        body.registrationId,
        id,
      ]);
      if (!found[0]) throw notFound('Registration');
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO info_requests (event_id, registration_id, message, items, token_hash, reminder_days,
           expires_in_days, expires_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
        [
          id,
          body.registrationId,
          body.message,
          JSON.stringify(items),
          sha256(token),
          body.reminderDays,
          body.expiresInDays,
          new Date(Date.now() + body.expiresInDays * DAY_MS),
          userId,
        ],
      );
      return rows[0] as { id: number };
    });
    const target = await db.query(`${TARGET_SQL} WHERE q.id = $1`, [created.id]);
    await mailLink(ctx, 'infoRequest', toTarget(target[0] as Record<string, unknown>), token);
    const [view] = await requestsOf(db, 'q.id = $1', [created.id]);
    res.status(201).json(view);
  });

  /** the organiser's two actions on an open request: one handler each, the checks shared */
  const act =
    (action: 'cancel' | 'resend'): Handler<(typeof apiRoutes.infoRequests)['cancel' | 'resend']> =>
    async ({ params }, _req, res) => {
      const { id, requestId } = params;
      await requirePermission(db, id, authOf(res).id, 'requests:manage');
      const [current] = await requestsOf(db, 'q.id = $1 AND q.event_id = $2', [requestId, id]);
      if (!current) throw notFound('Request');
      if (current.state === 'answered' || current.state === 'cancelled')
        throw new HttpError(409, 'conflict', 'This request is closed');
      if (action === 'cancel') {
        await db.query('UPDATE info_requests SET cancelled_at = now() WHERE id = $1', [requestId]);
      } else {
        // a new link (the old one stops working), valid as long again as the first one from today
        const token = newSecret('irq_');
        const rows = await db.query(
          `UPDATE info_requests SET token_hash = $2, reminder_token_hash = NULL, sent_at = now(), reminded_at = NULL,
           expires_at = greatest(expires_at, now() + expires_in_days * interval '1 day')
         WHERE id = $1 AND answered_at IS NULL AND cancelled_at IS NULL RETURNING id`,
          [requestId, sha256(token)],
        );
        if (!rows[0]) throw new HttpError(409, 'conflict', 'This request is closed');
        const target = await db.query(`${TARGET_SQL} WHERE q.id = $1`, [requestId]);
        await mailLink(ctx, 'infoRequest', toTarget(target[0] as Record<string, unknown>), token);
      }
      const [view] = await requestsOf(db, 'q.id = $1', [requestId]);
      res.json(view);
    };
  mount(apiRoutes.infoRequests.cancel, act('cancel'));
  mount(apiRoutes.infoRequests.resend, act('resend'));

  mount(apiRoutes.infoRequests.file, async ({ params }, _req, res) => {
    const { id, requestId, fileId } = params;
    await requirePermission(db, id, authOf(res).id, 'requests:manage');
    const rows = await db.query<{ filename: string; content_type: string; data: unknown }>(
      `SELECT f.filename, f.content_type, f.data FROM info_request_files f
       JOIN info_requests q ON q.id = f.request_id
       WHERE f.id = $1 AND q.id = $2 AND q.event_id = $3 AND q.answered_at IS NOT NULL`,
      [fileId, requestId, id],
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

  // ---------- the visitor, through the BFF only ----------

  mount(infoRequestUpstreamRoutes.infoRequestView, async ({ body: { token } }, _req, res) => {
    const open = await openByToken(db, token);
    // the first visit marks the request opened
    await db.query('UPDATE info_requests SET opened_at = now() WHERE id = $1 AND opened_at IS NULL', [
      open.id,
    ]);
    const rows = await db.query<{ message: string; locale: string; event_id: number } & Row>(
      `SELECT q.message, ${EVENT_NAME_COLUMNS}, r.locale, e.id AS event_id FROM info_requests q
       JOIN events e ON e.id = q.event_id JOIN registrations r ON r.id = q.registration_id WHERE q.id = $1`,
      [open.id],
    );
    const row = rows[0] as { message: string; locale: string; event_id: number } & Row;
    const logo = await db.query<{ hash: string }>('SELECT hash FROM event_logos WHERE event_id = $1', [
      row.event_id,
    ]);
    const files = await db.query<{ item_key: string; filename: string; size: number; content_type: string }>(
      'SELECT item_key, filename, size, content_type FROM info_request_files WHERE request_id = $1',
      [open.id],
    );
    const body: PublicInfoRequest = {
      event: {
        // the page picks its language's
        title: String(row.name),
        ...eventNameVersionsOfRow(row),
        logo: logo[0] ? `/events/${row.event_id}/logo?v=${String(logo[0].hash).slice(0, 8)}` : null,
      },
      message: row.message,
      locale: normaliseLocale(row.locale) ?? 'fr',
      answered: open.answered,
      items: open.items.map((item) => {
        const file = files.find((f) => f.item_key === item.key);
        return {
          ...item,
          file: file ? { name: file.filename, size: file.size, type: file.content_type } : null,
        };
      }),
    };
    res.json(body);
  });

  mount(
    infoRequestUpstreamRoutes.infoRequestUpload,
    async (_input, req, res) => {
      // multipart: its fields are read with the upload, by the contract's schema of them
      const { token, item } = parse(requestUploadFields.extend({ token: requestToken }), req.body);
      const file = filesOf(req.files)[0];
      if (!file)
        throw new HttpError(400, 'validation_failed', 'A file is required', {
          fieldErrors: { file: ['validation.required'] },
        });
      const open = await openByToken(db, token);
      if (open.answered) throw alreadyAnswered();
      if (!open.items.some((i) => i.key === item && i.kind === 'file'))
        throw new HttpError(400, 'validation_failed', 'Unknown item', {
          fieldErrors: { item: ['validation.invalidInput'] },
        });
      if (file.size > INFO_REQUEST_FILE.maxBytes)
        throw new HttpError(413, 'payload_too_large', 'The file is too large');
      const sniffed = await sniffFile(file.buffer, INFO_REQUEST_FILE.types);
      if (!sniffed) throw new HttpError(415, 'unsupported_media_type', 'This file type is not accepted');
      const name = fileNameFor(file.originalname, sniffed.mime);
      await db.query(
        `INSERT INTO info_request_files (request_id, item_key, filename, content_type, size, data)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (request_id, item_key) DO UPDATE SET filename = excluded.filename,
         content_type = excluded.content_type, size = excluded.size, data = excluded.data, created_at = now()`,
        [open.id, item, name, sniffed.mime, file.size, file.buffer],
      );
      res.status(201).json({ item, name, size: file.size, type: sniffed.mime });
    },
    { readBody: multipart(INFO_REQUEST_FILE.maxBytes, 1) },
  );

  mount(infoRequestUpstreamRoutes.infoRequestAnswer, async ({ body }, _req, res) => {
    const { token } = body;
    const { answers } = body;
    const open = await openByToken(db, token);
    if (open.answered) throw alreadyAnswered();
    const uploaded = new Set(
      (
        await db.query<{ item_key: string }>(
          'SELECT item_key FROM info_request_files WHERE request_id = $1',
          [open.id],
        )
      ).map((f) => f.item_key),
    );
    const fieldErrors: Record<string, string[]> = {};
    const texts: Record<string, string> = {};
    for (const item of open.items) {
      if (item.kind === 'text') {
        const value = answers[item.key] ?? '';
        if (item.required && !value) fieldErrors[item.key] = ['validation.required'];
        texts[item.key] = value;
      } else if (item.required && !uploaded.has(item.key)) fieldErrors[item.key] = ['validation.required'];
    }
    if (Object.keys(fieldErrors).length)
      throw new HttpError(400, 'validation_failed', 'The request is not valid', { fieldErrors });
    const rows = await db.query(
      `UPDATE info_requests SET answers = $2, answered_at = now()
       WHERE id = $1 AND answered_at IS NULL RETURNING id`,
      [open.id, JSON.stringify(texts)],
    );
    if (!rows[0]) throw alreadyAnswered();
    res.json({ status: 'answered' });
  });

  // ---------- the job queue's scan ----------
  mount(infoRequestUpstreamRoutes.infoRequestReminders, async (_input, _req, res) => {
    res.json({ sent: await sendDueReminders(ctx) });
  });

  return router;
}

/**
 * Sends the reminder of every open request sent `reminder_days` ago or more and not reminded yet. Each row
 * is claimed (`reminded_at`) before its mail, in one statement: two scans at once send one reminder.
 */
export async function sendDueReminders(ctx: Ctx, limit = 200): Promise<number> {
  const claimed = await ctx.db.query<{ id: number }>(
    `UPDATE info_requests SET reminded_at = now() WHERE id IN (
       SELECT id FROM info_requests WHERE answered_at IS NULL AND cancelled_at IS NULL AND reminded_at IS NULL
         AND expires_at > now() AND sent_at + reminder_days * interval '1 day' <= now()
       ORDER BY id LIMIT ${Math.floor(limit)}
     ) AND reminded_at IS NULL RETURNING id`,
  );
  let sent = 0;
  for (const { id } of claimed) {
    // the reminder carries a second link (the first one's token is kept only hashed); both work
    const token = newSecret('irq_');
    await ctx.db.query('UPDATE info_requests SET reminder_token_hash = $2 WHERE id = $1', [
      id,
      sha256(token),
    ]);
    const target = await ctx.db.query(`${TARGET_SQL} WHERE q.id = $1`, [id]);
    await mailLink(ctx, 'infoRequestReminder', toTarget(target[0] as Record<string, unknown>), token);
    sent += 1;
  }
  return sent;
}
