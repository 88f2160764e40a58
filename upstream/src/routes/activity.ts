import type { ActivityFeed, ActivityKind } from '@evt/contracts/analytics';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import type { Permission } from '@evt/contracts/permissions';
import { EVENT_ITEM_DELETIONS } from '@evt/contracts/rights';
import type { Queryable } from '../db/db';

/*
 * The event's activity read from what is already recorded: registrations (created_at, confirmed_at), the
 * audit log (a cancellation or a deletion, with its author; who ran the scheduler and each publication),
 * mailings (started_at: sent), B2B requests and the programme's scheduling run. Every branch answers the
 * same columns.
 */
const COLUMNS =
  'kind, at, actor, registration_id, registration_kind, first_names, last_name, names, count, present';

/** A registration's columns, `r` being the registration (null columns when it is gone). */
const PERSON = 'r.id, r.kind, r.first_names, r.last_name';
const NOBODY = 'NULL::int, NULL::text, NULL::text, NULL::text';
/** The meetings the programme holds now (a cancelled one is not placed). */
const MEETINGS =
  "(SELECT count(*)::int FROM b2b_meetings m WHERE m.event_id = p.event_id AND m.status <> 'cancelled')";
/**
 * A mailing's subject in the event's first language that has one; its `{{event}}` is the event's name (the
 * recipient's own fields stay as written: the feed names no recipient).
 */
const SUBJECT = `(SELECT m.content->l.value->>'subject' FROM jsonb_array_elements_text(e.languages) WITH ORDINALITY l(value, n)
   WHERE coalesce(m.content->l.value->>'subject', '') <> '' ORDER BY l.n LIMIT 1)`;

const BRANCHES: readonly { permission: Permission; sql: string }[] = [
  {
    permission: 'registrations:read',
    // an erased registration's name is gone: its erasure stays, as a deletion
    sql: `SELECT 'registration.created', r.created_at, NULL, ${PERSON}, '{}'::text[], NULL::int, true
            FROM registrations r WHERE r.event_id = $1 AND r.erased_at IS NULL
          UNION ALL
          SELECT 'registration.confirmed', r.confirmed_at, NULL, ${PERSON}, '{}'::text[], NULL::int, true
            FROM registrations r WHERE r.event_id = $1 AND r.erased_at IS NULL AND r.confirmed_at IS NOT NULL
          UNION ALL
          SELECT 'registration.cancelled', a.created_at, a.actor_name, ${PERSON}, '{}'::text[], NULL::int, r.id IS NOT NULL
            FROM audit_log a LEFT JOIN registrations r
              ON r.id = (a.details->>'registrationId')::int AND r.erased_at IS NULL
           WHERE a.event_id = $1 AND a.action = 'registration.cancelled'
          UNION ALL
          SELECT 'registration.deleted', a.created_at, a.actor_name, ${NOBODY}, '{}'::text[], NULL::int, false
            FROM audit_log a WHERE a.event_id = $1 AND a.action = 'registration.erased'`,
  },
  {
    permission: 'mailings:send',
    // who ordered the send is in the audit log; a mailing sent before it kept one names its author
    sql: `SELECT 'mailing.sent', m.started_at,
                 coalesce((SELECT a.actor_name FROM audit_log a WHERE a.event_id = $1 AND a.action = 'mailing.sent'
                             AND a.details->>'mailingId' = m.id::text ORDER BY a.id DESC LIMIT 1),
                          (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = m.created_by)),
                 ${NOBODY}, ARRAY[replace(coalesce(${SUBJECT}, ''), '{{event}}', e.name)],
                 (SELECT count(*)::int FROM mailing_recipients x WHERE x.mailing_id = m.id AND x.state = 'sent'), true
            FROM mailings m JOIN events e ON e.id = m.event_id
           WHERE m.event_id = $1 AND m.started_at IS NOT NULL`,
  },
  {
    permission: 'b2b:manage',
    sql: `SELECT 'b2b.requested', q.created_at, NULL, ${PERSON},
                 ARRAY[coalesce(r.data->>'companyName', ''), coalesce(t.data->>'companyName', '')], NULL::int, true
            FROM b2b_requests q JOIN registrations r ON r.id = q.from_id JOIN registrations t ON t.id = q.to_id
           WHERE q.event_id = $1
          UNION ALL
          SELECT 'b2b.scheduled', p.run_finished_at,
                 (SELECT a.actor_name FROM audit_log a WHERE a.event_id = $1 AND a.action = 'b2b.scheduled'
                   ORDER BY a.id DESC LIMIT 1),
                 ${NOBODY}, '{}'::text[], ${MEETINGS}, true
            FROM b2b_programmes p WHERE p.event_id = $1 AND p.run_state = 'done'
          UNION ALL
          SELECT 'b2b.published', a.created_at, a.actor_name, ${NOBODY}, '{}'::text[], (a.details->>'meetings')::int, true
            FROM audit_log a WHERE a.event_id = $1 AND a.action = 'b2b.published'
          UNION ALL
          -- a programme published before publications were recorded: its first one, by nobody named
          SELECT 'b2b.published', p.published_at, NULL, ${NOBODY}, '{}'::text[], ${MEETINGS}, true
            FROM b2b_programmes p WHERE p.event_id = $1 AND p.published_at IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM audit_log a WHERE a.event_id = $1 AND a.action = 'b2b.published')`,
  },
  {
    permission: 'event:read',
    // the event's documents, commissions, projects and tasks deleted: by whom, under the name they had
    sql: `SELECT a.action, a.created_at, a.actor_name, ${NOBODY}, ARRAY[coalesce(a.details->>'name', '')], NULL::int, false
            FROM audit_log a WHERE a.event_id = $1
             AND a.action IN (${EVENT_ITEM_DELETIONS.map((action) => `'${action}'`).join(', ')})`,
  },
];

type Row = {
  kind: ActivityKind;
  at: Date | string;
  actor: string | null;
  registration_id: number | null;
  registration_kind: RegistrationKind | null;
  first_names: string | null;
  last_name: string | null;
  names: string[];
  count: number | null;
  present: boolean;
};

/** The newest `limit` items of each kind the caller's permissions show (none: an empty feed). */
export async function activityOf(
  db: Queryable,
  eventId: number,
  permissions: readonly Permission[],
  limit: number,
): Promise<ActivityFeed> {
  const branches = BRANCHES.filter((b) => permissions.includes(b.permission));
  if (branches.length === 0) return { data: [] };
  // the newest of each kind, so that a busy kind (a large B2B forum's requests) never hides the others
  const rows = await db.query<Row>(
    `SELECT ${COLUMNS} FROM (
       SELECT feed.*, row_number() OVER (PARTITION BY kind ORDER BY at DESC) AS nth
         FROM (${branches.map((b) => b.sql).join('\nUNION ALL\n')}) AS feed (${COLUMNS})
     ) ranked WHERE nth <= $2 ORDER BY at DESC, kind`,
    [eventId, limit],
  );
  return {
    data: rows.map((r) => ({
      kind: r.kind,
      at: new Date(r.at).toISOString(),
      actor: r.actor?.trim() || null,
      registration:
        r.registration_id === null || r.registration_kind === null
          ? null
          : {
              id: Number(r.registration_id),
              kind: r.registration_kind,
              firstNames: r.first_names ?? '',
              lastName: r.last_name ?? '',
            },
      names: r.names,
      count: r.count,
      exists: r.present,
    })),
  };
}
