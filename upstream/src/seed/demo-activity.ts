import type { Queryable } from '../db/db';
import { daysFrom } from './days';

/**
 * What the activity page and the audit log read beside the demo's registrations, mailings and B2B
 * requests: an organiser's cancellation of one registration and an erasure of another (gone, so only the
 * log's line remains). The cancelled registration is an extra one, so the event's other counts stay.
 */
export async function seedDemoActivity(tx: Queryable, eventId: number, by: number, now: Date) {
  const cancelled = await tx.query<{ id: number }>(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, first_names, last_name, created_at)
     VALUES ($1, 'participant', 'participant', 'cancelled', 'cancelled@demo.example', 'Inès Moreau', 'Inès',
             'Moreau', $2) RETURNING id`,
    [eventId, daysFrom(now, -6).toISOString()],
  );
  const log = (action: string, details: object, days: number) =>
    tx.query(
      `INSERT INTO audit_log (organization_id, event_id, actor_id, actor_name, action, details, created_at)
       SELECT e.organization_id, e.id, u.id, u.first_name || ' ' || u.last_name, $3, $4::jsonb, $5
         FROM events e, users u WHERE e.id = $1 AND u.id = $2`,
      [eventId, by, action, JSON.stringify(details), daysFrom(now, days).toISOString()],
    );
  await log('registration.cancelled', { registrationId: Number(cancelled[0]?.id) }, -2);
  // the erased registration's id is one no row holds any more
  await log('registration.erased', { registrationId: 0 }, -1);
}
