import type { LinkCredential } from '@evt/contracts/link-space';
import type { Locale } from '@evt/contracts/locale';
import type { Ctx } from '../context';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';
import { loggableError } from '../logger';
import { requireVisitorFeature } from '../routes/features';
import { newLinkKey, sha256 } from '../model/registrations';
import { EVENT_NAME_COLUMNS, eventNameOfRow, eventNameVersionsOfRow } from '../model/mappers';
import { type Company, toCompany } from './companies';
import { localeOf, sendSpaceLink, spaceUrl } from './mail';

/** A personal link lives until the end of the event's last day (UTC), then the space is closed. */
export const EXPIRY_SQL = `(e.end_date + interval '1 day')`;

export const linkUnknown = () => new HttpError(404, 'b2b_link_unknown', 'This personal link is unknown');
const linkExpired = () => new HttpError(410, 'b2b_link_expired', 'This personal link has expired');

/** Where a B2B registration's mails link to: the origin its form was sent from (the BFF's public URL). */
export async function rememberLinkBase(tx: Queryable, registrationId: number, confirmUrl: string) {
  await tx.query(
    `INSERT INTO b2b_access (registration_id, link_base) VALUES ($1, $2)
     ON CONFLICT (registration_id) DO UPDATE SET link_base = $2`,
    [registrationId, new URL(confirmUrl).origin],
  );
}

/**
 * Makes a new key for a confirmed B2B registration (the previous link stops working) and mails the
 * personal link to the registered address, in the company's language. No-op for an expired event.
 */
export async function issueSpaceLink(ctx: Ctx, registrationId: number, linkBase?: string): Promise<void> {
  const rows = await ctx.db.query<{
    email: string;
    locale: string;
    data: Record<string, unknown>;
    slug: string;
    name: string;
    languages: unknown;
    translations: unknown;
    link_base: string | null;
    expires: Date;
    expired: boolean;
  }>(
    `SELECT r.email, r.locale, r.data, coalesce(nullif(e.slug, ''), e.id::text) AS slug, ${EVENT_NAME_COLUMNS},
       a.link_base, ${EXPIRY_SQL} AS expires, ${EXPIRY_SQL} < now() AS expired
     FROM registrations r JOIN events e ON e.id = r.event_id
     LEFT JOIN b2b_access a ON a.registration_id = r.id
     WHERE r.id = $1 AND r.kind = 'b2b' AND r.status = 'confirmed'`,
    [registrationId],
  );
  const row = rows[0];
  if (!row || row.expired) return;
  const key = newLinkKey();
  const base = linkBase ?? row.link_base ?? 'http://localhost:3000';
  await ctx.db.query(
    `INSERT INTO b2b_access (registration_id, key_hash, link_base, sent_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (registration_id) DO UPDATE SET key_hash = $2, link_base = $3, sent_at = now()`,
    [registrationId, sha256(key), base],
  );
  const locale = localeOf(row.locale);
  await sendSpaceLink(ctx, {
    to: row.email,
    locale,
    eventTitle: eventNameOfRow(row, locale),
    company: String(row.data.companyName ?? ''),
    url: spaceUrl(base, locale, row.slug, registrationId, key),
    expires: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(new Date(row.expires).getTime() - 1),
    ),
  });
}

/**
 * The space's address for a mail after the personal link's (a request, an agenda): a key of its own, so
 * the button opens the space and the first link keeps working. Built by spaceUrl like every space link.
 */
export async function mailSpaceLink(
  db: Queryable,
  company: { id: number; locale: Locale },
  slug: string,
): Promise<string> {
  const rows = await db.query<{ link_base: string | null }>(
    'SELECT link_base FROM b2b_access WHERE registration_id = $1',
    [company.id],
  );
  const key = newLinkKey();
  await db.query('INSERT INTO b2b_mail_keys (key_hash, registration_id) VALUES ($1, $2)', [
    sha256(key),
    company.id,
  ]);
  return spaceUrl(rows[0]?.link_base ?? 'http://localhost:3000', company.locale, slug, company.id, key);
}

/** issueSpaceLink after the answer: a mail failure is logged, the confirmation stands. */
export function issueSpaceLinkLater(ctx: Ctx, registrationId: number, linkBase?: string): void {
  void issueSpaceLink(ctx, registrationId, linkBase).catch((err: unknown) =>
    ctx.logger.error({ err: loggableError(err) }, 'b2b personal link not sent'),
  );
}

/** A company's personal link, as every space route's body carries it (contracts/src/link-space.ts). */
export type SpaceCredential = LinkCredential;

export interface SpaceCaller {
  eventId: number;
  eventSlug: string;
  /** in the event's main language; a page in another picks from `eventNames` */
  eventTitle: string;
  eventNames: ReturnType<typeof eventNameVersionsOfRow>;
  /** the name in the company's registration language: its mails and calendar */
  eventTitleForCompany: string;
  company: Company;
}

/**
 * The company a personal link opens: the key must be this registration's (the mailed one, a later mail's
 * (mailSpaceLink), or a live key its owner's console made: profile-routes.ts), of this event (by slug or id), confirmed; a link of another event or an old key is unknown (404), a past event's is expired (410).
 */
export function companyByKey(db: Queryable, slug: string, code: number, key: string): Promise<SpaceCaller> {
  return companyBy(
    db,
    slug,
    code,
    sha256(key),
    `EXISTS (SELECT 1 FROM b2b_access a WHERE a.registration_id = r.id AND a.key_hash = $2)
     OR EXISTS (SELECT 1 FROM b2b_console_keys k
                WHERE k.registration_id = r.id AND k.key_hash = $2 AND k.expires_at > now())
     OR EXISTS (SELECT 1 FROM b2b_mail_keys m WHERE m.registration_id = r.id AND m.key_hash = $2)`,
  );
}

/**
 * The company a calendar feed's key names: that key opens the agenda's feed only (space-routes.ts reads
 * nothing else with it), and the space's keys do not open the feed.
 */
export function companyByFeedKey(db: Queryable, slug: string, code: number, feedKey: string) {
  return companyBy(
    db,
    slug,
    code,
    feedKey,
    'EXISTS (SELECT 1 FROM b2b_feed_keys f WHERE f.registration_id = r.id AND f.feed_key = $2)',
  );
}

/** The feed's key of a company: made on first ask, replaced (the old address stops working) on `renew`. */
export async function feedKeyOf(db: Queryable, registrationId: number, renew: boolean): Promise<string> {
  const fresh = newLinkKey();
  const rows = await db.query<{ feed_key: string }>(
    `INSERT INTO b2b_feed_keys (registration_id, feed_key) VALUES ($1, $2)
     ON CONFLICT (registration_id) DO UPDATE
       SET feed_key = CASE WHEN $3::boolean THEN excluded.feed_key ELSE b2b_feed_keys.feed_key END,
           created_at = CASE WHEN $3::boolean THEN now() ELSE b2b_feed_keys.created_at END
     RETURNING feed_key`,
    [registrationId, fresh, renew],
  );
  return String(rows[0]?.feed_key);
}

async function companyBy(
  db: Queryable,
  slug: string,
  code: number,
  secret: string,
  keyMatches: string,
): Promise<SpaceCaller> {
  const numeric = /^\d{1,9}$/.test(slug) ? Number(slug) : -1;
  const rows = await db.query(
    `SELECT r.id, r.email, r.locale, r.data, e.id AS event_id, coalesce(nullif(e.slug, ''), e.id::text) AS slug,
       ${EVENT_NAME_COLUMNS}, ${EXPIRY_SQL} < now() AS expired
     FROM registrations r JOIN events e ON e.id = r.event_id
     WHERE r.id = $1 AND r.kind = 'b2b' AND r.status = 'confirmed' AND (e.slug = $3 OR e.id = $4)
       AND (${keyMatches})`,
    [code, secret, slug, numeric],
  );
  const row = rows[0];
  if (!row) throw linkUnknown();
  if (row.expired) throw linkExpired();
  // the space follows the B2B form: closed with the event's forms (/admin/features)
  await requireVisitorFeature(db, Number(row.event_id), 'formModel');
  return {
    eventId: Number(row.event_id),
    eventSlug: String(row.slug),
    eventTitle: String(row.name),
    eventNames: eventNameVersionsOfRow(row),
    eventTitleForCompany: eventNameOfRow(row, localeOf(String(row.locale))),
    company: toCompany(row),
  };
}
