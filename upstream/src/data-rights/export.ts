import type { PersonalDataExport } from '@evt/contracts/data-rights';
import { eventTimeZone } from '@evt/contracts/event-time-zone';
import { questionsOfKind } from '@evt/contracts/registration-forms';
import type { Response } from 'express';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { type Queryable, type Row, toBuffer, toIso } from '../db/db';
import { exhibitorName } from '../leads/access';
import { fileNameFor } from '../http/download-name';
import { notFound } from '../http/errors';
import { filesOf, REGISTRATION_COLUMNS, toRegistration } from '../model/registrations';
import { eventFormsOf } from '../webhook/queries';
import { readableExport } from './readable';

const iso = (value: unknown) => (value ? toIso(value) : null);

/** The file's path in the zip: its id keeps two uploads of the same name apart. */
const zipPath = (file: { id: number; filename: string; content_type: string }) =>
  `files/${file.id}-${fileNameFor(file.filename, file.content_type)}`;

/** Everything the upstream holds about one registered person (data.json of the export). */
export async function personalData(db: Queryable, eventId: number, registrationId: number) {
  const rows = await db.query(
    `SELECT ${REGISTRATION_COLUMNS}, r.telegram_notifications, e.name AS event_name,
            e.start_date, e.end_date, e.organization_id, e.time_zone
       FROM registrations r JOIN events e ON e.id = r.event_id WHERE r.id = $1 AND r.event_id = $2`,
    [registrationId, eventId],
  );
  const row = rows[0];
  if (!row) throw notFound('Registration');
  const files = await filesOf(db, [registrationId]);
  const who = `coalesce(nullif(trim(o.first_names || ' ' || o.last_name), ''), o.email)`;
  const [history, checkIns, sent, received, meetings, mailings, unsubscribed, leads] = await Promise.all([
    db.query<{ status: string; changed_at: unknown }>(
      'SELECT status, changed_at FROM registration_status_changes WHERE registration_id = $1 ORDER BY id',
      [registrationId],
    ),
    db.query<{ checked_in_at: unknown }>('SELECT checked_in_at FROM checkins WHERE registration_id = $1', [
      registrationId,
    ]),
    db.query<{ id: number; other: string; status: string; message: string; created_at: unknown }>(
      `SELECT q.id, ${who} AS other, q.status, q.message, q.created_at FROM b2b_requests q
         JOIN registrations o ON o.id = q.to_id WHERE q.from_id = $1 ORDER BY q.id`,
      [registrationId],
    ),
    db.query<{ id: number; other: string; status: string; message: string; created_at: unknown }>(
      `SELECT q.id, ${who} AS other, q.status, q.message, q.created_at FROM b2b_requests q
         JOIN registrations o ON o.id = q.from_id WHERE q.to_id = $1 ORDER BY q.id`,
      [registrationId],
    ),
    db.query<{ request_id: number; slot_id: string; table_id: string | null; status: string }>(
      `SELECT m.request_id, m.slot_id, m.table_id, m.status FROM b2b_meetings m
         JOIN b2b_requests q ON q.id = m.request_id WHERE q.from_id = $1 OR q.to_id = $1 ORDER BY m.request_id`,
      [registrationId],
    ),
    db.query<{ mailing_id: number; email: string; state: string; sent_at: unknown }>(
      'SELECT mailing_id, email, state, sent_at FROM mailing_recipients WHERE registration_id = $1 ORDER BY id',
      [registrationId],
    ),
    db.query<{ created_at: unknown }>(
      'SELECT created_at FROM mailing_unsubscribes WHERE organization_id = $1 AND lower(email) = lower($2)',
      [row.organization_id, row.email],
    ),
    db.query<{ data: Record<string, unknown>; last_name: string; first_names: string } & Row>(
      `SELECT x.data, x.last_name, x.first_names, x.locale, l.scanned_at, l.note, l.rating FROM leads l
         JOIN registrations x ON x.id = l.exhibitor_id WHERE l.visitor_id = $1 ORDER BY l.scanned_at, l.id`,
      [registrationId],
    ),
  ]);
  const data: PersonalDataExport = {
    exportedAt: new Date().toISOString(),
    event: {
      id: eventId,
      name: String(row.event_name),
      startDate: toIso(row.start_date),
      endDate: toIso(row.end_date),
      timeZone: eventTimeZone({ timeZone: row.time_zone as string | null }),
    },
    registration: {
      ...toRegistration(row, files),
      telegramNotifications: row.telegram_notifications === true,
    },
    statusHistory: history.map((h) => ({ status: h.status, at: toIso(h.changed_at) })),
    checkIns: checkIns.map((c) => ({ at: toIso(c.checked_in_at) })),
    b2b: {
      requestsSent: sent.map((q) => ({
        id: Number(q.id),
        to: q.other,
        status: q.status,
        message: q.message,
        at: toIso(q.created_at),
      })),
      requestsReceived: received.map((q) => ({
        id: Number(q.id),
        from: q.other,
        status: q.status,
        message: q.message,
        at: toIso(q.created_at),
      })),
      meetings: meetings.map((m) => ({
        requestId: Number(m.request_id),
        slotId: m.slot_id,
        table: m.table_id,
        status: m.status,
      })),
    },
    leads: leads.map((l) => ({
      exhibitor: exhibitorName(l),
      at: toIso(l.scanned_at),
      note: String(l.note ?? ''),
      rating: l.rating === null ? null : Number(l.rating),
    })),
    mailings: mailings.map((m) => ({
      mailingId: Number(m.mailing_id),
      email: m.email,
      state: m.state,
      sentAt: iso(m.sent_at),
    })),
    unsubscribedAt: iso(unsubscribed[0]?.created_at),
    files: files.map((f) => ({
      path: zipPath(f),
      field: f.field,
      type: f.content_type,
      size: Number(f.size),
    })),
  };
  return { data, files };
}

/**
 * Streams the export as a zip: data.json and its readable copy personal-data.html (deflated) first, then each file stored as is (PDFs and images
 * are compressed already), read from the database one at a time so a person's files are never all in
 * memory at once.
 */
export async function streamExport(
  db: Queryable,
  res: Response,
  exported: Awaited<ReturnType<typeof personalData>>,
): Promise<void> {
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      res.destroy(error);
      return;
    }
    res.write(chunk);
    if (final) res.end();
  });
  const json = new ZipDeflate('data.json', { level: 6 });
  zip.add(json);
  json.push(strToU8(JSON.stringify(exported.data, null, 2)), true);
  // the same data for the person to read, in their language (the registration's)
  const { data } = exported;
  const readable = new ZipDeflate('personal-data.html', { level: 6 });
  zip.add(readable);
  // the form as the person filled it: the kind's fields and the event form's own questions
  const questions = questionsOfKind(await eventFormsOf(db, data.event.id), data.registration.kind);
  readable.push(
    strToU8(readableExport(data, data.registration.locale, data.event.timeZone, questions)),
    true,
  );
  for (const file of exported.files) {
    const found = await db.query<{ data: unknown }>('SELECT data FROM registration_files WHERE id = $1', [
      file.id,
    ]);
    if (!found[0]) continue;
    const entry = new ZipPassThrough(zipPath(file));
    zip.add(entry);
    entry.push(new Uint8Array(toBuffer(found[0].data)), true);
  }
  zip.end();
}
