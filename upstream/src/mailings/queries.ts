import type { Mailing, MailingAudience, MailingContent } from '@evt/contracts/mailings';
import { type Queryable, type Row, toIso } from '../db/db';
import { PEOPLE } from '../model/registrations';
import { notFound } from '../http/errors';

/**
 * The audience's registrations as SQL over `${PEOPLE} r` (erased ones are nobody: never mailed) (event id is $1): kinds, statuses and B2B
 * profile types (an empty list does not filter), and checked in or not (a check-in of the registration).
 * Appends its values to `params`.
 */
export function audienceWhere(audience: MailingAudience, params: unknown[]): string {
  const where = ['r.event_id = $1'];
  const list = (values: readonly string[], expr: string) => {
    if (!values.length) return;
    params.push(values);
    where.push(`${expr} = ANY($${params.length}::text[])`);
  };
  list(audience.kinds, 'r.kind');
  list(audience.statuses, 'r.status');
  list(audience.profileTypes, "(r.data ->> 'profileType')");
  if (audience.checkedIn)
    where.push(
      `${audience.checkedIn === 'checkedIn' ? '' : 'NOT '}EXISTS (SELECT 1 FROM checkins c WHERE c.registration_id = r.id)`,
    );
  return where.join(' AND ');
}

/** One row per distinct address (its earliest registration), with its unsubscription. */
export function audienceSelect(audience: MailingAudience, params: unknown[]): string {
  const where = audienceWhere(audience, params);
  return `SELECT DISTINCT ON (lower(r.email)) r.id, r.email, r.first_names, r.last_name, r.locale,
            (u.email IS NOT NULL) AS unsubscribed
          FROM ${PEOPLE} r
          JOIN events e ON e.id = r.event_id
          LEFT JOIN mailing_unsubscribes u ON u.organization_id = e.organization_id AND u.email = lower(r.email)
          WHERE ${where}
          ORDER BY lower(r.email), r.id`;
}

type Counts = Mailing['counts'];

async function countsOf(db: Queryable, ids: number[]): Promise<Map<number, Counts>> {
  const rows = await db.query<{ mailing_id: number; state: string; n: number }>(
    `SELECT mailing_id, state, count(*)::int AS n FROM mailing_recipients
     WHERE mailing_id = ANY($1::int[]) GROUP BY mailing_id, state`,
    [ids],
  );
  const map = new Map<number, Counts>();
  for (const id of ids) map.set(id, { total: 0, queued: 0, sending: 0, sent: 0, failed: 0, unsubscribed: 0 });
  for (const row of rows) {
    const counts = map.get(Number(row.mailing_id));
    if (!counts) continue;
    counts[row.state as keyof Counts] = Number(row.n);
    counts.total += Number(row.n);
  }
  return map;
}

const iso = (value: unknown) => (value ? toIso(value) : null);

export async function toMailings(db: Queryable, rows: Row[]): Promise<Mailing[]> {
  const counts = await countsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const c = counts.get(Number(r.id)) as Counts;
    const status = String(r.status);
    return {
      id: Number(r.id),
      eventId: Number(r.event_id),
      // sending is over once nobody is queued or being sent
      status: (status === 'sending' && c.queued + c.sending === 0 ? 'sent' : status) as Mailing['status'],
      audience: r.audience as MailingAudience,
      content: r.content as MailingContent,
      sendAt: iso(r.send_at),
      startedAt: iso(r.started_at),
      createdAt: toIso(r.created_at),
      counts: c,
    };
  });
}

/** The mailing of this event, or 404. */
export async function loadMailing(db: Queryable, eventId: number, mailingId: number): Promise<Mailing> {
  const rows = await db.query('SELECT * FROM mailings WHERE id = $1 AND event_id = $2', [mailingId, eventId]);
  if (!rows[0]) throw notFound('Mailing');
  const [mailing] = await toMailings(db, rows);
  return mailing as Mailing;
}
