import type { EnrolmentMetrics, EventDocument, EventForm } from '@evt/contracts/upstream-automation';
import { type Queryable, toIso } from '../db/db';

export async function enrolmentMetricsOf(db: Queryable, eventId: number): Promise<EnrolmentMetrics> {
  const [byRole, byStatus, byDay] = await Promise.all([
    db.query<{ role: string; n: number }>(
      'SELECT role, count(*)::int AS n FROM registrations WHERE event_id = $1 GROUP BY role ORDER BY role',
      [eventId],
    ),
    db.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM registrations WHERE event_id = $1 GROUP BY status',
      [eventId],
    ),
    db.query<{ day: string; n: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
       FROM registrations WHERE event_id = $1 GROUP BY day ORDER BY day`,
      [eventId],
    ),
  ]);
  const status = Object.fromEntries(byStatus.map((r) => [r.status, r.n]));
  return {
    eventId,
    total: byRole.reduce((sum, r) => sum + r.n, 0),
    byRole: Object.fromEntries(byRole.map((r) => [r.role, r.n])),
    byStatus: { pending: status.pending ?? 0, confirmed: status.confirmed ?? 0 },
    byDay: byDay.map((r) => ({ date: r.day, count: r.n })),
  };
}

export async function eventFormsOf(db: Queryable, eventId: number): Promise<EventForm[]> {
  const rows = await db.query<{ id: number; kind: string; title: string; open: boolean; updated_at: Date }>(
    'SELECT id, kind, title, open, updated_at FROM event_forms WHERE event_id = $1 ORDER BY id',
    [eventId],
  );
  return rows.map((r) => ({
    id: r.id,
    eventId,
    kind: r.kind,
    title: r.title,
    open: r.open,
    updatedAt: toIso(r.updated_at),
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
