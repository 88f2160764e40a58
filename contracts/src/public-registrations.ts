import { z } from 'zod';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from './forms/fields';
import { customQuestion } from './forms/questions';
import { REGISTRATION_KINDS } from './forms/kinds';
import { eventClock } from './event-time-zone';
import { commonErrors, defineRoute, errorBody } from './http';
import { LOCALES } from './locale';
import { publicPrivacy } from './privacy-notice';
import { id, msg } from './validation';

/*
 * Public registration: what the visitor's pages send and receive. The organiser's side
 * (lists of registrations) is in registrations.ts, so that a visitor's page builds none of its schemas.
 * The spec shows no submission endpoint, so these are ours. Decisions:
 * - Public routes are `bff` routes: the BFF validates, rate-limits per client, checks the CSRF header and the
 *   Origin, then calls the upstream with its own credentials. The browser never reaches the upstream.
 * - `:slug` is the event part of `/events-{slug}/...` (a slug or a numeric id), `:kind` a RegistrationKind.
 * - Files are uploaded first, one per request (POST /public/uploads), and the registration carries the
 *   returned tokens. So the JSON body stays small, a rejected file is reported on its own field with its
 *   reason (413/415) before submission, and the progress bar is a plain upload. A token is bound to
 *   (event, kind, field), expires unused, and is consumed by one registration.
 * - The body is an envelope `{ locale, website, formId?, data }`: `data` is exactly the kind's schema, so a
 *   form field can never collide with the honeypot or the locale. `locale` picks the e-mail's language.
 * - Honeypot: `website` must be empty. A filled one is answered 202 like a real submission and nothing is
 *   stored or sent, so a bot learns nothing.
 * - Every answer to a submission or a resend is the same 202: a duplicate (same event, kind and e-mail)
 *   resends the confirmation instead of creating a row, and nobody can probe who registered.
 * - Confirmation is a GET because it is the link in the e-mail (the SPA page calls it). It is idempotent:
 *   the first call confirms, the next ones answer `already_confirmed`; link scanners that prefetch it only
 *   confirm what the visitor asked for. Unknown token 404, expired 410 (the page offers a resend).
 * - A closed form answers 410 (`errors.formClosed`), an unknown event or kind 404: the SPA shows a page.
 * - Registration limits (docs/decisions/registration.md): past the form's closing date, 410
 *   `errors.formDeadlinePassed`; a full form without a waiting list, 409 `errors.formFull`; a full form with
 *   one answers 202 `waitlisted` with the visitor's place. An address already registered gets the answer a
 *   newcomer would get; its own state goes to its mailbox, so the rule above (nobody can probe) holds.
 */

const slug = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/, { error: msg.invalidInput });
export const registrationKind = z.enum(REGISTRATION_KINDS, { error: msg.invalidInput });

export const publicEventParams = z.object({ slug });
export const registrationParams = z.object({ slug, kind: registrationKind });

/** One form the event offers (from the webhook's event forms operation). */
export const publicForm = z.object({
  kind: registrationKind,
  /** the upstream's form id, for `/events/{id}/forms-{formId}/participant` */
  formId: z.number().int().nullable(),
  /** the organiser's title for this form, when it set one; else the SPA shows forms.kinds.<kind>.title */
  title: z.string().nullable(),
  /** the title in the event's other languages (extension); a missing one falls back to `title` */
  titles: z.partialRecord(z.enum(LOCALES), z.string()).default({}),
  /** closed forms are listed so that their page can say so */
  open: z.boolean(),
  /** the organiser's own questions, after the form's fields (forms/questions.ts); never the retired ones */
  questions: z.array(customQuestion).default([]),
  /** extension: when the form stops taking registrations (ISO), if the organiser set a date */
  closesAt: z.string().nullable().optional(),
});
/** What every visitor page shows of its event (the banner of a form). */
export const publicEventSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** API-relative path of the logo, or null */
  logo: z.string().nullable(),
  languages: z.array(z.enum(LOCALES)),
  startDate: z.string(),
  endDate: z.string(),
  /** extension: the opening and closing times and their zone */
  ...eventClock,
  /** the title in the event's other languages (extension); its first language's is `title` */
  titles: z.partialRecord(z.enum(LOCALES), z.string()).default({}),
  /**
   * extension: the organiser's name and privacy notice, shown beside every form's consent box; absent
   * from an upstream without it (the form then names the event in the default sentence)
   */
  privacy: publicPrivacy.optional(),
});
export const publicEventForms = z.object({
  event: publicEventSummary,
  forms: z.array(publicForm),
});
export type PublicEventForms = z.infer<typeof publicEventForms>;

/**
 * The event's public page (`/events/{id}`): the summary with what a visitor reads before choosing a form.
 * Empty strings where the organiser entered nothing. Only the form pages' summary goes into their own
 * answer, so that a form page does not carry the description.
 */
export const publicEventDetails = publicEventSummary.extend({
  description: z.string(),
  /** as `titles` */
  descriptions: z.partialRecord(z.enum(LOCALES), z.string()).default({}),
  venue: z.string(),
  city: z.string(),
  country: z.string(),
});
export const publicEventPage = z.object({
  event: publicEventDetails,
  forms: z.array(publicForm),
});
export type PublicEventPage = z.infer<typeof publicEventPage>;

/** The forms' answer from the page's: the event's summary only (a form page carries no description). */
export function eventFormsOfPage({ event, forms }: PublicEventPage): PublicEventForms {
  const {
    id,
    slug,
    title,
    titles,
    logo,
    languages,
    startDate,
    endDate,
    startTime,
    endTime,
    timeZone,
    privacy,
  } = event;
  return {
    event: {
      ...{ id, slug, title, titles, logo, languages, startDate, endDate, startTime, endTime, timeZone },
      ...(privacy ? { privacy } : {}),
    },
    forms,
  };
}

/** What every public submission sends; the BFF then parses `data` with registrationBodyFor(kind). */
export const registrationEnvelope = z.object({
  locale: z.enum(LOCALES, { error: msg.invalidInput }),
  /** honeypot: hidden from people, left empty by them */
  website: z.string().max(500).optional().default(''),
  formId: id().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type RegistrationEnvelope = z.input<typeof registrationEnvelope>;
export const isHoneypotFilled = (body: { website?: string | undefined }) =>
  (body.website ?? '').trim() !== '';

/** `jane.doe@example.com` -> `j***@example.com`: enough for visitors to spot a typo, useless to others. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

export const accepted = z.object({
  /**
   * `pending`: a place is held, the confirmation mail is on its way; `waitlisted`: the form is full and
   * the visitor joined its waiting list at `place` (1 is next), to be mailed when a place frees up
   */
  status: z.enum(['pending', 'waitlisted']),
  /** where the confirmation went, masked (`j***@example.com`), for the submitted page */
  email: z.string(),
  /** a waiting visitor's place on the list */
  place: z.number().int().positive().optional(),
});
export type Accepted = z.infer<typeof accepted>;

/** Multipart text fields sent with the file; the file part is named `file`. */
export const uploadFields = z.object({
  eventSlug: slug,
  kind: registrationKind,
  /** the form's file field (`logo`, `passport`, `cv`, a question's `question12`...) whose limits apply */
  field: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, { error: msg.invalidInput }),
});
export const uploadResult = z.object({
  token: z.string(),
  field: z.string(),
  name: z.string(),
  size: z.number().int(),
  /** the sniffed type, not the browser's */
  type: z.string(),
  expiresAt: z.string(),
});
export type UploadResult = z.infer<typeof uploadResult>;

export const confirmQuery = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,128}$/, { error: msg.invalidInput }),
});
const confirmed = z.object({
  status: z.enum(['confirmed', 'already_confirmed']),
  kind: registrationKind,
  eventSlug: z.string(),
  eventTitle: z.string(),
  locale: z.enum(LOCALES),
});
/**
 * The BFF's answer to the confirmation link. `telegramLink`: the bot's deep link
 * (`https://t.me/<bot>?start=<token>`), offered when a bot is configured and the participant asked for
 * Telegram notifications.
 */
export const confirmResult = confirmed.extend({
  telegramLink: z
    .string()
    .regex(/^https:\/\/t\.me\/[A-Za-z0-9_]{5,32}\?start=[A-Za-z0-9_-]{20,64}$/)
    .optional(),
});
export type ConfirmResult = z.infer<typeof confirmResult>;

/** Telegram's `start` parameter: up to 64 of A-Z, a-z, 0-9, _ and - */
const telegramStart = z.string().regex(/^[A-Za-z0-9_-]{20,64}$/);
/**
 * The upstream's confirmation (extension): with `telegram=1` (the BFF has a bot), a fresh start token
 * for a participant who asked for Telegram notifications; the upstream keeps only its hash.
 */
export const upstreamConfirmBody = confirmQuery.extend({ telegram: z.literal('1').optional() });
export const upstreamConfirmResult = confirmed.extend({ telegramToken: telegramStart.optional() });
/** `POST /webhook/telegram-link` (extension): the bot tells which chat sent a start token. */
export const telegramLinkBody = z.object({
  token: telegramStart,
  chatId: z.union([z.string().regex(/^-?[0-9]{1,20}$/), z.number().int()]).transform(String),
});
export const telegramLinked = z.object({ registrationId: z.number().int(), linked: z.literal(true) });

export const resendBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: msg.required, abort: true })
    .pipe(z.email({ error: msg.email }))
    .transform((v) => v.toLowerCase()),
  eventSlug: slug,
  kind: registrationKind,
  locale: z.enum(LOCALES).optional(),
});

export const publicRegistrationRoutes = {
  /** the event's public page: its details and every form it lists (the page links the open ones) */
  event: defineRoute({
    method: 'GET',
    path: '/public/events/:slug',
    kind: 'bff',
    auth: 'public',
    params: publicEventParams,
    responses: { 200: publicEventPage, ...commonErrors },
  }),
  forms: defineRoute({
    method: 'GET',
    path: '/public/events/:slug/forms',
    kind: 'bff',
    auth: 'public',
    params: publicEventParams,
    responses: { 200: publicEventForms, ...commonErrors },
  }),
  register: defineRoute({
    method: 'POST',
    path: '/public/events/:slug/registrations/:kind',
    kind: 'bff',
    auth: 'public',
    params: registrationParams,
    body: registrationEnvelope,
    responses: { 202: accepted, ...commonErrors, 409: errorBody, 410: errorBody },
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/public/uploads',
    kind: 'bff',
    auth: 'public',
    body: uploadFields,
    upload: { maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_TYPES },
    responses: { 201: uploadResult, ...commonErrors, 410: errorBody },
  }),
  confirm: defineRoute({
    method: 'GET',
    path: '/public/registrations/confirm',
    kind: 'bff',
    auth: 'public',
    query: confirmQuery,
    responses: { 200: confirmResult, ...commonErrors, 410: errorBody },
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/public/registrations/resend',
    kind: 'bff',
    auth: 'public',
    body: resendBody,
    responses: { 202: z.object({ status: z.literal('sent') }), ...commonErrors },
  }),
} as const;
