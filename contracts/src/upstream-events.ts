import { z } from 'zod';
import { DEFAULT_EVENT_TIME_ZONE, timeOfDayField, timeZoneField } from './event-time-zone';
import { optionalCountry } from './forms/fields';
import { LOCALES } from './locale';
import { id, optionalText, requiredText } from './validation';

/**
 * The event's name and description in its languages other than the main one (`mainLocaleOf`;
 * an extension): what the organiser wrote for each; an empty text is "not written", and pages then show the
 * main language's, marked as such.
 */
export const eventTranslations = z
  .partialRecord(z.enum(LOCALES), z.object({ name: optionalText(200), description: optionalText(5000) }))
  .default({});
export type EventTranslations = z.output<typeof eventTranslations>;

/**
 * An event's name in its languages other than the main one, as a visitor page receives it: only the
 * written ones. The page shows `textIn` of it (contracts/src/locale.ts).
 */
export const eventNameVersions = z.partialRecord(z.enum(LOCALES), z.string()).default({});

/** The fields an organiser writes, on creation and on update (without the organisation). */
const eventFields = z.object({
  name: requiredText(200),
  /** lower-case letters, digits and dashes; generated from the name when absent */
  slug: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/, { error: 'validation.pattern' })
    .optional(),
  description: optionalText(5000),
  venue: optionalText(200),
  city: optionalText(120),
  /** an ISO code from the list, as an organisation's (a name such as "France" is refused) */
  country: optionalCountry(),
  startDate: z.iso.datetime({ offset: true, error: 'validation.datesRequired' }),
  endDate: z.iso.datetime({ offset: true, error: 'validation.datesRequired' }),
  /**
   * Extension: the first day's opening and the last day's closing time, on the event's clock (`timeZone`);
   * null for a whole day. `startDate` and `endDate` name the days (their UTC date), as before times existed.
   */
  startTime: timeOfDayField().default(null),
  endTime: timeOfDayField().default(null),
  /** Extension: the IANA zone of the event's times and of its programme's sessions */
  timeZone: timeZoneField().default(DEFAULT_EVENT_TIME_ZONE),
  languages: z.array(z.enum(LOCALES)).min(1).default(['fr']),
  status: z.enum(['draft', 'published', 'archived']).default('draft'),
  translations: eventTranslations,
});
/** The last day not before the first; on a one-day event, the closing time not before the opening. */
export const datesInOrder = (e: {
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
}) => {
  const [first, last] = [e.startDate.slice(0, 10), e.endDate.slice(0, 10)];
  if (last !== first) return new Date(e.endDate) >= new Date(e.startDate);
  return !e.startTime || !e.endTime || e.endTime > e.startTime;
};

/** `POST /events` of the REST upstream: the event's fields plus the id of its organisation (spec section 7). */
export const createEventBody = eventFields
  .extend({ organization: id() })
  .refine(datesInOrder, { path: ['endDate'], error: 'validation.dateOrder' });
export type CreateEventBody = z.input<typeof createEventBody>;

/**
 * `PUT /events/{id}` (extension: the spec shows no event update, `/events/infos` needs one; see
 * upstream/README.md): every field of the event as on creation, the organisation and the slug excepted
 * (the slug is in the public links already sent).
 */
export const updateEventBody = eventFields
  .omit({ slug: true })
  .refine(datesInOrder, { path: ['endDate'], error: 'validation.dateOrder' });
export type UpdateEventBody = z.input<typeof updateEventBody>;

/** `POST /events/{id}/documents`: multipart, any field name, up to 10 files of 10 MB each. */
export const EVENT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const EVENT_DOCUMENT_MAX_FILES = 10;
export const EVENT_DOCUMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
] as const;

/** `POST /organizations/{id}/image`: multipart, one file (any field name), png, jpeg or webp, 5 MB. */
export const ORGANIZATION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ORGANIZATION_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
