import type { EnrolmentMetrics, EventDocument, EventForm } from '@evt/contracts/upstream-automation';
import { INACTIVE_STATUSES } from '@evt/contracts/forms/kinds';
import { isLocale } from '@evt/contracts/locale';
import { type Queryable, toIso } from '../db/db';
import { questionsOfEvent } from '../model/form-questions';
import { PEOPLE } from '../model/registrations';

/** Cancelled and declined registrations are kept for the record but counted nowhere. */
const COUNTED = `status NOT IN (${INACTIVE_STATUSES.map((s) => `'${s}'`).join(', ')})`;

export async function enrolmentMetricsOf(db: Queryable, eventId: number): Promise<EnrolmentMetrics> {
  const [byRole, byStatus, byDay] = await Promise.all([
    db.query<{ role: string; n: number }>(
      `SELECT role, count(*)::int AS n FROM ${PEOPLE} registrations WHERE event_id = $1 AND ${COUNTED} GROUP BY role ORDER BY role`,
      [eventId],
    ),
    db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM ${PEOPLE} registrations WHERE event_id = $1 AND ${COUNTED} GROUP BY status`,
      [eventId],
    ),
    db.query<{ day: string; n: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
       FROM ${PEOPLE} registrations WHERE event_id = $1 AND ${COUNTED} GROUP BY day ORDER BY day`,
      [eventId],
    ),
  ]);
  const status = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
  return {
    eventId,
    total: byRole.reduce((sum, r) => sum + r.n, 0),
    byRole: Object.fromEntries(byRole.map((r) => [r.role, r.n])),
    // an accepted candidacy is a confirmed registration in the spec's two counts
    byStatus: { pending: status.pending ?? 0, confirmed: (status.confirmed ?? 0) + (status.accepted ?? 0) },
    byDay: byDay.map((r) => ({ date: r.day, count: r.n })),
  };
}

/**
 * The event's forms in the organiser's order, each with its registrations: those made through it, and
 * those stored before registrations named their form (no form id) whose kind or slug is the form's code.
 */
export async function eventFormsOf(db: Queryable, eventId: number): Promise<EventForm[]> {
  const rows = await db.query<{
    id: number;
    kind: string;
    title: string;
    titles: Record<string, string> | null;
    open: boolean;
    updated_at: Date;
    registrations: number;
    capacity: number | null;
    closes_at: Date | string | null;
    waitlist_enabled: boolean;
    promotion_hours: number;
    waitlisted: number;
    promoted: number;
  }>(
    `SELECT f.id, f.kind, f.title, f.titles, f.open, f.updated_at, f.capacity, f.closes_at,
       f.waitlist_enabled, f.promotion_hours, c.registrations, c.waitlisted, c.promoted
     FROM event_forms f CROSS JOIN LATERAL (
       SELECT count(*) FILTER (WHERE r.${COUNTED})::int AS registrations,
         count(*) FILTER (WHERE r.status = 'waitlisted')::int AS waitlisted,
         count(*) FILTER (WHERE r.status = 'promoted')::int AS promoted
       FROM ${PEOPLE} r
       WHERE r.event_id = f.event_id
         AND (r.form_id = f.id OR (r.form_id IS NULL AND (r.kind = f.kind OR r.role = f.kind)))) c
     WHERE f.event_id = $1 ORDER BY f.position, f.id`,
    [eventId],
  );
  const questions = await questionsOfEvent(db, eventId);
  return rows.map((r) => ({
    id: r.id,
    eventId,
    kind: r.kind,
    title: r.title,
    titles: Object.fromEntries(
      Object.entries(r.titles ?? {}).filter(([locale, title]) => isLocale(locale) && title),
    ),
    open: r.open,
    updatedAt: toIso(r.updated_at),
    registrations: r.registrations,
    questions: questions.get(r.id) ?? [],
    capacity: r.capacity === null ? null : Number(r.capacity),
    closesAt: r.closes_at === null ? null : toIso(r.closes_at),
    waitlist: r.waitlist_enabled,
    promotionHours: Number(r.promotion_hours),
    // the places held are the registrations still counted (pending, confirmed, accepted, promoted)
    places: { taken: r.registrations, waitlisted: r.waitlisted, promoted: r.promoted },
  }));
}

export async function eventDocumentsOf(db: Queryable, eventId: number): Promise<EventDocument[]> {
  const rows = await db.query<{
    id: number;
    filename: string;
    content_type: string;
    size: number;
    created_at: Date;
  }>(
    'SELECT id, filename, content_type, size, created_at FROM event_documents WHERE event_id = $1 ORDER BY id',
    [eventId],
  );
  return rows.map((r) => ({
    id: r.id,
    filename: r.filename,
    contentType: r.content_type,
    size: r.size,
    createdAt: toIso(r.created_at),
  }));
}
