import { EXHIBITOR_KINDS } from '@evt/contracts/leads';
import type { LinkCredential } from '@evt/contracts/link-space';
import { normaliseLocale } from '@evt/contracts/locale';
import { personName } from '@evt/contracts/person-name';
import type { Queryable, Row } from '../db/db';
import { HttpError } from '../http/errors';
import { EVENT_NAME_COLUMNS, eventNameVersionsOfRow } from '../model/mappers';
import { PEOPLE, sha256 } from '../model/registrations';
import { organisationOf } from '../routes/badges';

/** The link opens the space until a month after the event's last day: the stand exports its leads after. */
export const LINK_EXPIRY_SQL = `(e.end_date + interval '31 days')`;

/** The kinds that hold a stand, as a SQL list. */
export const EXHIBITOR_KINDS_SQL = EXHIBITOR_KINDS.map((kind) => `'${kind}'`).join(', ');

export const exhibitorLinkUnknown = () =>
  new HttpError(404, 'exhibitor_link_unknown', 'This exhibitor link is unknown');
const exhibitorLinkExpired = () =>
  new HttpError(410, 'exhibitor_link_expired', 'This exhibitor link has expired');

export interface ExhibitorCaller {
  eventId: number;
  eventSlug: string;
  eventTitle: string;
  eventTitles: ReturnType<typeof eventNameVersionsOfRow>['titles'];
  eventLanguages: ReturnType<typeof eventNameVersionsOfRow>['languages'];
  exhibitorId: number;
  name: string;
  contact: string;
}

/** The stand's contact, named as their own language writes names (a row with its `locale`). */
export const contactOf = (row: Row) =>
  personName(
    { firstNames: String(row.first_names ?? ''), lastName: String(row.last_name ?? '') },
    normaliseLocale(String(row.locale)) ?? 'fr',
  );

/** The stand's name: its company as the form wrote it, else its contact's. */
export const exhibitorName = (row: Row) =>
  organisationOf((row.data ?? {}) as Record<string, unknown>) || contactOf(row);

/**
 * The stand a link opens: a live key of this confirmed exhibitor registration, of this event (by slug or
 * id). Any other key, event or registration is unknown (404, the same answer for each); a link of an event
 * long past is expired (410).
 */
export async function exhibitorByKey(db: Queryable, credential: LinkCredential): Promise<ExhibitorCaller> {
  const numeric = /^\d{1,9}$/.test(credential.slug) ? Number(credential.slug) : -1;
  const rows = await db.query(
    `SELECT r.id, r.data, r.last_name, r.first_names, r.locale, e.id AS event_id,
       coalesce(nullif(e.slug, ''), e.id::text) AS slug, ${EVENT_NAME_COLUMNS},
       ${LINK_EXPIRY_SQL} < now() AS expired
     FROM ${PEOPLE} r JOIN events e ON e.id = r.event_id
     WHERE r.id = $1 AND r.kind IN (${EXHIBITOR_KINDS_SQL}) AND r.status = 'confirmed'
       AND (e.slug = $3 OR e.id = $4)
       AND EXISTS (SELECT 1 FROM exhibitor_keys k WHERE k.registration_id = r.id AND k.key_hash = $2)`,
    [credential.code, sha256(credential.key), credential.slug, numeric],
  );
  const row = rows[0];
  if (!row) throw exhibitorLinkUnknown();
  if (row.expired) throw exhibitorLinkExpired();
  const names = eventNameVersionsOfRow(row);
  return {
    eventId: Number(row.event_id),
    eventSlug: String(row.slug),
    eventTitle: String(row.name),
    eventTitles: names.titles,
    eventLanguages: names.languages,
    exhibitorId: Number(row.id),
    name: exhibitorName(row),
    contact: contactOf(row),
  };
}
