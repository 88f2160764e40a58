import { createHash, randomBytes } from 'node:crypto';
import {
  REGISTRATION_STATUSES,
  type RegistrationKind,
  type RegistrationStatus,
} from '@evt/contracts/forms/kinds';
import { isLocale } from '@evt/contracts/locale';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { type Queryable, type Row, toIso } from '../db/db';

/**
 * The registrations that are still someone, as a relation to select from (`FROM ${PEOPLE} r`). An erased
 * registration (data rights) keeps its row for the organiser's detail, its own erasure and the anonymous
 * reports, and is out of everything else: every list, mailing, badge, check-in, export, count and webhook reads
 * this instead of the table, so no reader has its own filter to forget.
 */
export const PEOPLE = '(SELECT * FROM registrations WHERE erased_at IS NULL)';

export const CONFIRM_TTL_MS = 7 * 24 * 3_600_000;
export const UPLOAD_TTL_MS = 2 * 3_600_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** A personal link's key (a B2B company's space, an exhibitor's stand): 48 hex characters, stored hashed. */
export const newLinkKey = () => randomBytes(24).toString('hex');
export const newSecret = (prefix = '') => `${prefix}${randomBytes(32).toString('base64url')}`;

/**
 * The person's names for the lists and badges: the person a form names (an exhibitor's manager, a sponsor's
 * representative), so a badge prints a person and their company rather than the company twice; forms that
 * name nobody fall back on the structure's name.
 */
export function namesOf(data: Record<string, unknown>): { lastName: string; firstNames: string } {
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  const lastName =
    text('lastName') ||
    text('fullName') ||
    text('manager') ||
    text('representativeName') ||
    text('companyName') ||
    text('organizationName') ||
    text('structureName') ||
    text('agencyName') ||
    text('delegationName');
  return { lastName, firstNames: text('firstNames') };
}

export const REGISTRATION_COLUMNS =
  'r.id, r.event_id, r.kind, r.status, r.email, r.last_name, r.first_names, r.locale, r.created_at, r.confirmed_at, r.data, ' +
  'r.consent_at, r.consent_locale, r.consent_wording, r.consent_notice_url, r.consent_notice_version, r.confirm_by';

export interface FileRow extends Row {
  id: number;
  registration_id: number;
  field: string;
  filename: string;
  content_type: string;
  size: number;
}

/** `places`: the waiting registrations' places on their lists (model/places.ts `waitlistPlaces`). */
export function toRegistration(
  row: Row,
  files: readonly FileRow[],
  places?: ReadonlyMap<number, number>,
): RegistrationRow {
  const id = Number(row.id);
  const eventId = Number(row.event_id);
  return {
    id,
    eventId,
    kind: String(row.kind) as RegistrationKind,
    status: (REGISTRATION_STATUSES as readonly string[]).includes(String(row.status))
      ? (row.status as RegistrationStatus)
      : 'pending',
    lastName: String(row.last_name ?? ''),
    firstNames: String(row.first_names ?? ''),
    email: String(row.email),
    locale: isLocale(row.locale) ? row.locale : 'fr',
    createdAt: toIso(row.created_at),
    confirmedAt: row.confirmed_at ? toIso(row.confirmed_at) : null,
    data: (row.data as Record<string, unknown>) ?? {},
    consent: row.consent_at
      ? {
          at: toIso(row.consent_at),
          locale: isLocale(row.consent_locale) ? row.consent_locale : 'fr',
          wording: String(row.consent_wording ?? ''),
          noticeUrl: String(row.consent_notice_url ?? ''),
          noticeVersion: String(row.consent_notice_version ?? ''),
        }
      : null,
    ...(places ? { waitlistPlace: places.get(id) ?? null } : {}),
    confirmBy: row.status === 'promoted' && row.confirm_by ? toIso(row.confirm_by) : null,
    files: files
      .filter((f) => Number(f.registration_id) === id)
      .map((f) => ({
        field: f.field,
        name: f.filename,
        size: Number(f.size),
        type: f.content_type,
        url: `/events/${eventId}/registrations/${id}/files/${f.id}`,
      })),
  };
}

export async function filesOf(db: Queryable, registrationIds: readonly number[]): Promise<FileRow[]> {
  if (registrationIds.length === 0) return [];
  return db.query<FileRow>(
    `SELECT id, registration_id, field, filename, content_type, size FROM registration_files
     WHERE registration_id = ANY($1::int[]) ORDER BY id`,
    [registrationIds],
  );
}
