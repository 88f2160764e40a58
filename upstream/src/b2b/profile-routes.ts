import { mountOn } from '../http/mount';
import { b2bProfileUpstreamRoutes } from '@evt/contracts/b2b-profile';
import type { OwnProgramme } from '@evt/contracts/b2b-profile';
import type { Router } from 'express';
import type { Ctx } from '../context';
import type { Queryable, Row } from '../db/db';
import { toIso } from '../db/db';
import { authOf } from '../http/auth';
import { notFound } from '../http/errors';
import { newLinkKey, sha256 } from '../model/registrations';
import { EVENT_NAME_COLUMNS, eventNameVersionsOfRow } from '../model/mappers';
import { EXPIRY_SQL } from './access';
import { programmeOf, requestCapOf, requestsUsedOf, summaryOf, toCompany } from './companies';

/** How long a key made by the console opens the space (the page opens it at once; a bookmark expires). */
const CONSOLE_KEY_HOURS = 12;

/**
 * `/profile/b2b`, reference-upstream extensions called with the user's own token: the confirmed
 * B2B registrations made with the address of the token's user, once that address is verified. Nothing
 * else links an account to a company: a colleague's account with another address sees none of them.
 */
export function ownProgrammeRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(b2bProfileUpstreamRoutes.b2bOwnProgrammes, async (_input, _req, res) => {
    const user = await verifiedUser(db, authOf(res).id);
    if (!user) return void res.json({ emailVerified: false, data: [] });
    const rows = await ownRegistrations(db, user.email);
    const data: OwnProgramme[] = [];
    for (const row of rows) data.push(await ownProgrammeOf(db, row));
    res.json({ emailVerified: true, data });
  });

  /** A key of the console's own for one of them (the space page opens with it; the mailed link stays). */
  mount(b2bProfileUpstreamRoutes.b2bOwnSpaceKey, async ({ params }, _req, res) => {
    const { registrationId } = params;
    const userId = authOf(res).id;
    const user = await verifiedUser(db, userId);
    const row = user
      ? (await ownRegistrations(db, user.email, registrationId)).find((r) => !r.expired)
      : undefined;
    if (!row) throw notFound('Company');
    const key = newLinkKey();
    await db.query('DELETE FROM b2b_console_keys WHERE registration_id = $1 AND expires_at < now()', [
      registrationId,
    ]);
    await db.query(
      `INSERT INTO b2b_console_keys (key_hash, registration_id, user_id, expires_at)
       VALUES ($1, $2, $3, least(now() + $4 * interval '1 hour', $5::timestamptz))`,
      [sha256(key), registrationId, userId, CONSOLE_KEY_HOURS, row.expires],
    );
    res.status(201).json({ slug: String(row.slug), code: registrationId, key });
  });

  return router;
}

async function verifiedUser(db: Queryable, userId: number): Promise<{ email: string } | null> {
  const rows = await db.query<{ email: string; email_verified: boolean }>(
    'SELECT email, email_verified FROM users WHERE id = $1',
    [userId],
  );
  const user = rows[0];
  return user?.email_verified ? { email: user.email } : null;
}

/** The confirmed B2B registrations of an address (case ignored), latest event first. */
function ownRegistrations(db: Queryable, email: string, registrationId?: number) {
  return db.query(
    `SELECT r.id, r.email, r.locale, r.data, e.id AS event_id, ${EVENT_NAME_COLUMNS}, e.start_date, e.end_date,
       coalesce(nullif(e.slug, ''), e.id::text) AS slug, ${EXPIRY_SQL} AS expires, ${EXPIRY_SQL} < now() AS expired
     FROM registrations r JOIN events e ON e.id = r.event_id
     WHERE r.kind = 'b2b' AND r.status = 'confirmed' AND lower(r.email) = lower($1)
       AND ($2::int IS NULL OR r.id = $2)
     ORDER BY e.start_date DESC, r.id`,
    [email, registrationId ?? null],
  );
}

async function ownProgrammeOf(db: Queryable, row: Row): Promise<OwnProgramme> {
  const company = toCompany(row);
  const eventId = Number(row.event_id);
  const programme = await programmeOf(db, eventId);
  const meetings = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM b2b_meetings m JOIN b2b_requests q ON q.id = m.request_id
     WHERE m.event_id = $1 AND m.status <> 'cancelled' AND (q.from_id = $2 OR q.to_id = $2)`,
    [eventId, company.profile.id],
  );
  const published = programme.publishedAt !== null;
  return {
    registrationId: company.profile.id,
    eventId,
    eventTitle: String(row.name),
    eventTitles: eventNameVersionsOfRow(row).titles,
    eventLanguages: eventNameVersionsOfRow(row).languages,
    eventSlug: String(row.slug),
    startDate: row.start_date ? toIso(row.start_date) : null,
    endDate: row.end_date ? toIso(row.end_date) : null,
    expired: Boolean(row.expired),
    frozen: programme.frozen,
    published,
    company: summaryOf(company, 100),
    companyDescription:
      typeof company.data.companyDescription === 'string' ? company.data.companyDescription : '',
    requestsUsed: await requestsUsedOf(db, company.profile.id),
    requestCap: requestCapOf(programme.settings, company.profile.id),
    meetings: published ? (meetings[0]?.n ?? 0) : 0,
  };
}
