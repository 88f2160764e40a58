import { mountOn } from '../http/mount';
import { apiRoutes } from '@evt/contracts/routes';
import type { RegistrationReport } from '@evt/contracts/analytics';
import type { Router } from 'express';
import { requireEvent } from '../access';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { authOf } from '../http/auth';
import { requirePermission } from '../rights/permissions';
import { activityOf } from './activity';

type Filters = { from?: string | undefined; to?: string | undefined; kind?: string | undefined };

/** The WHERE clause of a report's registrations: the event, the period (UTC days, inclusive), the kind. */
function where(eventId: number, f: Filters): { sql: string; args: unknown[] } {
  const args: unknown[] = [eventId];
  const parts = ['event_id = $1'];
  if (f.from) {
    args.push(f.from);
    parts.push(`created_at >= ($${args.length}::date AT TIME ZONE 'UTC')`);
  }
  if (f.to) {
    args.push(f.to);
    parts.push(`created_at < (($${args.length}::date + 1) AT TIME ZONE 'UTC')`);
  }
  if (f.kind) {
    args.push(f.kind);
    parts.push(`kind = $${args.length}`);
  }
  return { sql: parts.join(' AND '), args };
}

/**
 * The registrations report in SQL: per day with its running total (a window over the daily counts), per
 * kind, status, country (the forms' `country` or `countryOfResidence` field) and the visitor's language;
 * the check-ins of those registrations (per kind, per UTC hour) and the B2B programme's meetings.
 */
export async function registrationReportOf(
  db: Queryable,
  eventId: number,
  filters: Filters,
): Promise<RegistrationReport> {
  const { sql, args } = where(eventId, filters);
  const group = (expr: string) =>
    db.query<{ key: string; n: number }>(
      `SELECT ${expr} AS key, count(*)::int AS n FROM registrations WHERE ${sql} GROUP BY 1 ORDER BY n DESC, key`,
      args,
    );
  // the check-ins and B2B requests of the report's registrations
  const ofReport = `SELECT id FROM registrations WHERE ${sql}`;
  const [event, byDay, byKind, byStatus, byCountry, byLanguage, checkInsByKind, checkInsByHour, b2b] =
    await Promise.all([
      db.query<{ starts_on: string }>(
        `SELECT to_char(start_date AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS starts_on FROM events WHERE id = $1`,
        [eventId],
      ),
      db.query<{ day: string; n: number; cumulative: number }>(
        `SELECT day, n, (sum(n) OVER (ORDER BY day))::int AS cumulative FROM (
         SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS n
         FROM registrations WHERE ${sql} GROUP BY 1) d ORDER BY day`,
        args,
      ),
      group('kind'),
      group('status'),
      group(`upper(coalesce(nullif(data->>'country', ''), nullif(data->>'countryOfResidence', ''), ''))`),
      group('locale'),
      db.query<{ key: string; n: number }>(
        `SELECT r.kind AS key, count(*)::int AS n FROM checkins c JOIN registrations r ON r.id = c.registration_id
        WHERE c.registration_id IN (${ofReport}) GROUP BY 1 ORDER BY n DESC, key`,
        args,
      ),
      db.query<{ hour: string; n: number }>(
        `SELECT to_char(c.checked_in_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:00"Z"') AS hour, count(*)::int AS n
         FROM checkins c WHERE c.registration_id IN (${ofReport}) GROUP BY 1 ORDER BY 1`,
        args,
      ),
      db.query<{ programme: boolean; requested: number; scheduled: number; held: number }>(
        `SELECT EXISTS (SELECT 1 FROM b2b_programmes WHERE event_id = $1) AS programme,
              (SELECT count(*)::int FROM b2b_requests q WHERE q.event_id = $1 AND q.from_id IN (${ofReport}))
                AS requested,
              count(m.request_id) FILTER (WHERE m.status <> 'cancelled')::int AS scheduled,
              count(m.request_id) FILTER (WHERE m.status = 'held')::int AS held
         FROM b2b_meetings m JOIN b2b_requests q ON q.id = m.request_id
        WHERE m.event_id = $1 AND q.from_id IN (${ofReport})`,
        args,
      ),
    ]);
  const checkedIn = checkInsByKind.reduce((sum, r) => sum + r.n, 0);
  const programme = b2b[0];
  const status = Object.fromEntries(byStatus.map((r) => [r.key, r.n]));
  const total = byKind.reduce((sum, r) => sum + r.n, 0);
  const confirmed = status.confirmed ?? 0;
  const breakdown = (rows: { key: string; n: number }[]) => rows.map((r) => ({ key: r.key, count: r.n }));
  return {
    eventId,
    startsOn: event[0]?.starts_on ?? '',
    total,
    pending: status.pending ?? 0,
    confirmed,
    confirmationRate: total === 0 ? null : confirmed / total,
    byDay: byDay.map((r) => ({ date: r.day, count: r.n, cumulative: r.cumulative })),
    byKind: breakdown(byKind),
    byCountry: breakdown(byCountry),
    byLanguage: breakdown(byLanguage),
    // an event without check-ins, or without a B2B programme, says so with null (the page leaves them out)
    checkIns:
      checkedIn === 0
        ? null
        : {
            total: checkedIn,
            byKind: breakdown(checkInsByKind),
            byHour: checkInsByHour.map((r) => ({ hour: r.hour, count: r.n })),
          },
    b2bMeetings: programme?.programme
      ? { requested: programme.requested, scheduled: programme.scheduled, held: programme.held }
      : null,
  };
}

/**
 * Extensions: `GET /events/{id}/reports/registrations?from&to&kind`, one call per report; and
 * `GET /events/{id}/activity`, the event's activity as far as the caller's permissions show it.
 */
export function reportRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  mount(apiRoutes.analytics.registrations, async ({ params, query }, _req, res) => {
    const { id } = params;
    const filters = query;
    await requireEvent(db, id, authOf(res).id);
    res.json(await registrationReportOf(db, id, filters));
  });
  mount(apiRoutes.analytics.activity, async ({ params, query }, _req, res) => {
    const { id } = params;
    const rights = await requirePermission(db, id, authOf(res).id, 'event:read');
    res.json(await activityOf(db, id, rights.permissions, query.limit));
  });
  return router;
}
