import { ERASED_EMAIL_DOMAIN } from '@evt/contracts/data-rights';
import type { Queryable } from '../db/db';
import { eraseFromWebhookEvents, recordRegistrationEvents } from '../outgoing-webhooks/record';

/**
 * Anonymises registrations in place (docs/decisions/data-rights.md): the row stays with its kind, status,
 * language and dates, so every count and report stays right; names, e-mail, answers, files, the B2B link
 * and messages, and the addresses on mailing recipient rows go. Already erased rows are skipped, so two
 * runs at once (two upstream instances, a retried job) erase each row once. Call it inside a transaction.
 * Returns the erased rows with their event and the number of files deleted, nothing personal.
 */
export async function anonymise(
  tx: Queryable,
  registrationIds: readonly number[],
): Promise<{ id: number; eventId: number; files: number }[]> {
  if (registrationIds.length === 0) return [];
  const ids = [...registrationIds];
  const erased = await tx.query<{ id: number; event_id: number }>(
    `UPDATE registrations SET email = 'erased-' || id || '@${ERASED_EMAIL_DOMAIN}', last_name = '', first_names = '',
            data = '{}', telegram_notifications = false, telegram_start_hash = NULL, telegram_chat_id = NULL, telegram_linked_at = NULL, confirm_token_hash = NULL, confirm_expires_at = NULL,
            erased_at = now()
      WHERE id = ANY($1::int[]) AND erased_at IS NULL RETURNING id, event_id`,
    [ids],
  );
  const done = erased.map((r) => Number(r.id));
  if (done.length === 0) return [];
  await recordRegistrationEvents(tx, 'registration.erased', done);
  await eraseFromWebhookEvents(tx, done);
  const files = await tx.query<{ registration_id: number }>(
    'DELETE FROM registration_files WHERE registration_id = ANY($1::int[]) RETURNING registration_id',
    [done],
  );
  await tx.query('DELETE FROM b2b_access WHERE registration_id = ANY($1::int[])', [done]);
  await tx.query('DELETE FROM b2b_mail_keys WHERE registration_id = ANY($1::int[])', [done]);
  // the leads exhibitors made of them, and an erased stand's leads and links
  await tx.query('DELETE FROM leads WHERE visitor_id = ANY($1::int[]) OR exhibitor_id = ANY($1::int[])', [
    done,
  ]);
  await tx.query('DELETE FROM exhibitor_keys WHERE registration_id = ANY($1::int[])', [done]);
  await tx.query(
    `UPDATE b2b_requests SET message = '', decline_reason = ''
      WHERE from_id = ANY($1::int[]) OR to_id = ANY($1::int[])`,
    [done],
  );
  // a mailing under way does not reach them: their rows not sent yet leave its queue and its counts
  await tx.query(
    "DELETE FROM mailing_recipients WHERE registration_id = ANY($1::int[]) AND state = 'queued'",
    [done],
  );
  await tx.query(
    `UPDATE mailing_recipients SET email = 'erased-r' || id || '@${ERASED_EMAIL_DOMAIN}', first_name = '',
            last_name = '', error = NULL
      WHERE registration_id = ANY($1::int[])`,
    [done],
  );
  return erased.map((r) => ({
    id: Number(r.id),
    eventId: Number(r.event_id),
    files: files.filter((f) => Number(f.registration_id) === Number(r.id)).length,
  }));
}

/** The registrations a retention period has run out for: events ended more than N months ago. */
export async function dueForRetention(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT r.id FROM registrations r
       JOIN events e ON e.id = r.event_id
       JOIN organizations o ON o.id = e.organization_id
      WHERE o.retention_months IS NOT NULL AND r.erased_at IS NULL
        AND e.end_date < now() - make_interval(months => o.retention_months)
      ORDER BY r.id LIMIT $1`,
    [limit],
  );
  return rows.map((r) => Number(r.id));
}
