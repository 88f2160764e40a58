import type { User } from '@evt/contracts/auth';
import type { Event } from '@evt/contracts/events';
import { isLocale, type Locale, mainLocaleOf, textIn } from '@evt/contracts/locale';
import type { Organization } from '@evt/contracts/organizations';
import { eventTimeZone } from '@evt/contracts/event-time-zone';
import { eventTranslations } from '@evt/contracts/upstream-events';
import { type Row, toIso } from '../db/db';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

export function toUser(row: Row): User {
  return {
    id: Number(row.id),
    email: str(row.email),
    firstName: str(row.first_name),
    lastName: str(row.last_name),
    emailVerified: Boolean(row.email_verified),
    locale: isLocale(row.locale) ? row.locale : null,
    createdAt: toIso(row.created_at),
  };
}

/** Expects the organisation's columns plus `member_type` (code) and `image_hash` (or null). */
export function toOrganization(row: Row): Organization {
  const id = Number(row.id);
  return {
    id,
    name: str(row.name),
    description: str(row.description),
    website: str(row.website),
    email: str(row.email),
    phone: str(row.phone),
    country: str(row.country),
    image: row.image_hash ? `/organizations/${id}/image?v=${String(row.image_hash).slice(0, 8)}` : null,
    memberType: row.member_type ? String(row.member_type) : null,
    createdAt: toIso(row.created_at),
  };
}

export const ORGANIZATION_COLUMNS =
  'o.id, o.name, o.description, o.website, o.email, o.phone, o.country, o.created_at, mt.code AS member_type, oi.hash AS image_hash';

/** Expects the event's columns plus `logo_hash` (or null). */
export function toEvent(row: Row): Event {
  const id = Number(row.id);
  const languages = Array.isArray(row.languages) ? row.languages.filter(isLocale) : [];
  const status = row.status === 'published' || row.status === 'archived' ? row.status : 'draft';
  return {
    id,
    organizationId: Number(row.organization_id),
    name: str(row.name),
    slug: str(row.slug),
    description: str(row.description),
    venue: str(row.venue),
    city: str(row.city),
    country: str(row.country),
    startDate: toIso(row.start_date),
    endDate: toIso(row.end_date),
    startTime: row.start_time ? str(row.start_time) : null,
    endTime: row.end_time ? str(row.end_time) : null,
    timeZone: eventTimeZone({ timeZone: row.time_zone ? str(row.time_zone) : null }),
    languages,
    logo: row.logo_hash ? `/events/${id}/logo?v=${String(row.logo_hash).slice(0, 8)}` : null,
    status,
    translations: translationsOf(row.translations),
    createdAt: toIso(row.created_at),
  };
}

/** The stored translations, as the contract reads them (a row written by hand loses what does not fit). */
function translationsOf(value: unknown): Event['translations'] {
  const parsed = eventTranslations.safeParse(value ?? {});
  return parsed.success ? parsed.data : {};
}

export const EVENT_COLUMNS =
  'e.id, e.organization_id, e.name, e.slug, e.description, e.venue, e.city, e.country, e.start_date, e.end_date, e.start_time, e.end_time, e.time_zone, e.languages, e.status, e.translations, e.created_at, el.hash AS logo_hash';

/**
 * The event's name in `locale` for what is written to one person (their mails, their confirmation): the
 * version written for that language, else the event's first language's.
 */
export function eventNameIn(
  event: Pick<Event, 'name' | 'languages' | 'translations'>,
  locale: Locale,
): string {
  const versions = Object.fromEntries(Object.entries(event.translations).map(([l, t]) => [l, t?.name]));
  return textIn({ main: event.name, mainLocale: mainLocaleOf(event.languages), versions }, locale).text;
}

/** The event's columns an event name in one language needs (`e.name, e.languages, e.translations`). */
export const EVENT_NAME_COLUMNS = 'e.name, e.languages, e.translations';

/** The languages of an event's row (its `languages` column), those we know only. */
export const languagesOfRow = (row: Row): Locale[] =>
  Array.isArray(row.languages) ? row.languages.filter(isLocale) : [];

/**
 * `eventNameIn` from a row holding the event's `name`, `languages` and `translations` columns (a query
 * that joins an event for its name only): the name a page or mail in `locale` shows.
 */
export function eventNameOfRow(row: Row, locale: Locale): string {
  const languages = languagesOfRow(row);
  return eventNameIn(
    { name: str(row.name), languages, translations: translationsOf(row.translations) },
    locale,
  );
}

/**
 * What a visitor page needs to show the event's name in its own language (it picks with `textIn`): the
 * event's languages and the names written for those other than the main one.
 */
export function eventNameVersionsOfRow(row: Row): {
  languages: Locale[];
  titles: Partial<Record<Locale, string>>;
} {
  const languages = languagesOfRow(row);
  const titles = Object.fromEntries(
    Object.entries(translationsOf(row.translations)).flatMap(([locale, t]) =>
      isLocale(locale) && t?.name ? [[locale, t.name]] : [],
    ),
  );
  return { languages, titles };
}
