import { z } from 'zod';
import { B2B_PROFILE_TYPES } from './constants';
import { REGISTRATION_KINDS, REGISTRATION_STATUSES } from './forms/kinds';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { LOCALES, type Locale } from './locale';
import { id, msg } from './validation';

/*
 * Mailings: an organiser's mass mail to an event's audience, sent by the job queue's workers
 * (bff/src/jobs). The organiser's routes are proxied to the reference upstream, which keeps the mailings and
 * each recipient's state; the workers call the upstream's service routes below (reference-upstream
 * extensions, see upstream/src/mailings).
 */

/** What a subject or body may name, as `{{name}}`; anything else is refused with its name. */
export const MAILING_PLACEHOLDERS = [
  'firstName',
  'lastName',
  'event',
  'eventLink',
  'unsubscribeLink',
] as const;
export type MailingPlaceholder = (typeof MAILING_PLACEHOLDERS)[number];
export const MAILING_SUBJECT_MAX = 200;
/** characters of one language's body: a long newsletter fits, a pasted book does not */
export const MAILING_BODY_MAX = 20_000;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `text` that are not in MAILING_PLACEHOLDERS, each once, in order. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(MAILING_PLACEHOLDERS);
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? ''))].filter((n) => !known.has(n));
}

/** `{{name}}` replaced by its value (the names are checked before a mailing is saved). */
export function fillPlaceholders(text: string, values: Record<MailingPlaceholder, string>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? values[name as MailingPlaceholder] : whole,
  );
}

export const mailingMsg = {
  unknownPlaceholder: 'mailings.errors.unknownPlaceholder',
  bodyTooLong: 'mailings.errors.bodyTooLong',
  audienceEmpty: 'mailings.errors.audienceEmpty',
  sendAtPast: 'mailings.errors.sendAtPast',
  notDraft: 'mailings.errors.notDraft',
  noLanguage: 'mailings.errors.noLanguage',
} as const;

/** A language some recipients read and the mailing is not written in (refused when sending). */
export const languageNeededKey = (locale: Locale) => `mailings.errors.languageNeeded.${locale}` as const;

const withKnownPlaceholders = (schema: z.ZodString) =>
  schema.refine((text) => unknownPlaceholders(text).length === 0, { error: mailingMsg.unknownPlaceholder });

export const mailingText = z.object({
  subject: withKnownPlaceholders(
    z
      .string()
      .trim()
      .min(1, { error: msg.required })
      .max(MAILING_SUBJECT_MAX, { error: msg.tooLong })
      // a line break in a subject is a header injection
      .regex(/^[^\r\n]*$/, { error: msg.invalidInput }),
  ),
  body: withKnownPlaceholders(
    z
      .string()
      .trim()
      .min(1, { error: msg.required })
      .max(MAILING_BODY_MAX, { error: mailingMsg.bodyTooLong }),
  ),
});
/** A language whose subject and text are both left empty is a language the mailing is not written in. */
const mailingTextIfWritten = z
  .object({
    subject: z.string({ error: msg.invalidInput }),
    body: z.string({ error: msg.invalidInput }),
  })
  .optional()
  .transform((text) => (text && (text.subject.trim() || text.body.trim()) ? text : undefined))
  .pipe(mailingText.optional());

/**
 * A subject and body per language the organiser writes in: every recipient gets the language they
 * registered in. One language is enough for an event or an audience that uses one; sending asks for the
 * languages the audience reads (the upstream refuses a mailing whose recipients read an unwritten one).
 */
export const mailingContent = z
  .object({ fr: mailingTextIfWritten, en: mailingTextIfWritten, ja: mailingTextIfWritten })
  .refine((content) => LOCALES.some((locale) => content[locale]), {
    error: mailingMsg.noLanguage,
    path: ['fr', 'subject'],
  });
export type MailingContent = z.infer<typeof mailingContent>;
export type MailingText = z.infer<typeof mailingText>;

/** The languages a mailing is written in, in the product's order. */
export const writtenLocales = (content: MailingContent): Locale[] =>
  LOCALES.filter((locale) => content[locale]);

/**
 * The text a recipient reading `wanted` gets, and its language: their own when written, else the event's
 * main language's, else the first written (a registration made after the mailing was scheduled, in a
 * language the audience did not read when it was sent).
 */
export function mailingTextFor(
  content: MailingContent,
  wanted: Locale,
  mainLocale: Locale,
): { locale: Locale; text: MailingText } {
  const locale = content[wanted] ? wanted : content[mainLocale] ? mainLocale : writtenLocales(content)[0];
  const text = locale ? content[locale] : undefined;
  if (!locale || !text) throw new Error('A mailing is written in at least one language');
  return { locale, text };
}

/** The audience's check-in filter: only those checked in at the event, or only those not (yet). */
export const CHECKED_IN_FILTERS = ['checkedIn', 'notCheckedIn'] as const;
export type CheckedInFilter = (typeof CHECKED_IN_FILTERS)[number];

/**
 * Who receives it: registrations of these kinds, statuses and B2B profile types (an empty list = all), and,
 * with `checkedIn`, only those checked in or only those not (absent = both).
 */
export const mailingAudience = z.object({
  kinds: z.array(z.enum(REGISTRATION_KINDS, { error: msg.invalidInput })).max(REGISTRATION_KINDS.length),
  statuses: z.array(z.enum(REGISTRATION_STATUSES, { error: msg.invalidInput })).max(2),
  profileTypes: z.array(z.enum(B2B_PROFILE_TYPES, { error: msg.invalidInput })).max(B2B_PROFILE_TYPES.length),
  checkedIn: z.enum(CHECKED_IN_FILTERS, { error: msg.invalidInput }).optional(),
});
export type MailingAudience = z.infer<typeof mailingAudience>;

export const MAILING_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'unsubscribed'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const mailingCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
});

export const mailing = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  /** `sent` once no recipient is queued or being sent */
  status: z.enum(MAILING_STATUSES),
  audience: mailingAudience,
  content: mailingContent,
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  createdAt: z.string(),
  counts: mailingCounts,
});
export type Mailing = z.infer<typeof mailing>;

export const mailingBody = z.object({ audience: mailingAudience, content: mailingContent });
export type MailingBody = z.infer<typeof mailingBody>;

/** No time: now. A time must be in the future (a minute's grace for the organiser's clock). */
export const mailingSendBody = z.object({ sendAt: z.iso.datetime({ offset: true }).optional() });

export const mailingPreviewBody = mailingBody.extend({
  /** the recipient to render for; default: the first of the audience */
  registrationId: id().optional(),
});
export const audienceMember = z.object({
  registrationId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  locale: z.enum(LOCALES),
  unsubscribed: z.boolean(),
});
export const renderedMail = z.object({
  to: z.string(),
  locale: z.enum(LOCALES),
  subject: z.string(),
  text: z.string(),
});
export const mailingPreview = z.object({
  /** distinct addresses the audience holds (unsubscribed ones included) */
  total: z.number().int(),
  unsubscribed: z.number().int(),
  byLocale: z.object({ fr: z.number().int(), en: z.number().int(), ja: z.number().int() }),
  /** the first addresses, to pick whom to preview */
  sample: z.array(audienceMember),
  mail: renderedMail.nullable(),
});

export const mailingTestBody = mailingBody.extend({ locale: z.enum(LOCALES) });

export const recipient = z.object({
  id: z.number().int(),
  registrationId: z.number().int().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  locale: z.enum(LOCALES),
  state: z.enum(RECIPIENT_STATES),
  /** why it failed: the SMTP server's answer, or the interruption */
  error: z.string().nullable(),
  attempt: z.number().int(),
  sentAt: z.string().nullable(),
});
export const RECIPIENT_PAGE_MAX = 100;
export const recipientListQuery = z.object({
  state: z.enum(RECIPIENT_STATES, { error: msg.invalidInput }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(RECIPIENT_PAGE_MAX).optional().default(50),
});
export const recipientList = z.object({
  data: z.array(recipient),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});

export const mailingEventParams = z.object({ id: id() });
export const mailingParams = z.object({ id: id(), mailingId: id() });

/** The organiser's routes, proxied to the upstream (members of the event's organisation). */
export const mailingRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/events/:id/mailings',
    kind: 'proxy',
    auth: 'session',
    params: mailingEventParams,
    responses: { 200: z.object({ data: z.array(mailing) }), ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/events/:id/mailings',
    kind: 'proxy',
    auth: 'session',
    params: mailingEventParams,
    body: mailingBody,
    responses: { 201: mailing, ...commonErrors },
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/events/:id/mailings/preview',
    kind: 'proxy',
    auth: 'session',
    params: mailingEventParams,
    body: mailingPreviewBody,
    responses: { 200: mailingPreview, ...commonErrors },
  }),
  /** a test mail to the signed-in organiser's own address, in the language chosen */
  test: defineRoute({
    method: 'POST',
    path: '/events/:id/mailings/test',
    kind: 'proxy',
    auth: 'session',
    params: mailingEventParams,
    body: mailingTestBody,
    responses: { 200: z.object({ to: z.string() }), ...commonErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/events/:id/mailings/:mailingId',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    responses: { 200: mailing, ...commonErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/events/:id/mailings/:mailingId',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    body: mailingBody,
    responses: { 200: mailing, ...commonErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/events/:id/mailings/:mailingId',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    responses: { 204: null, ...commonErrors },
  }),
  /** now, or at `sendAt`: the workers pick it up when due */
  send: defineRoute({
    method: 'POST',
    path: '/events/:id/mailings/:mailingId/send',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    body: mailingSendBody,
    responses: { 200: mailing, ...commonErrors },
  }),
  /** a scheduled mailing back to draft */
  cancel: defineRoute({
    method: 'POST',
    path: '/events/:id/mailings/:mailingId/cancel',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    responses: { 200: mailing, ...commonErrors },
  }),
  /** every failed recipient queued again (a new attempt) */
  retry: defineRoute({
    method: 'POST',
    path: '/events/:id/mailings/:mailingId/retry',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    responses: { 200: mailing, ...commonErrors },
  }),
  recipients: defineRoute({
    method: 'GET',
    path: '/events/:id/mailings/:mailingId/recipients',
    kind: 'proxy',
    auth: 'session',
    params: mailingParams,
    query: recipientListQuery,
    responses: { 200: recipientList, ...commonErrors },
  }),
} as const;

/* ---- the workers' and the public unsubscribe's calls to the upstream (automation webhook, service) ---- */

export const dueRecipient = z.object({
  mailingId: z.number().int(),
  recipientId: z.number().int(),
  attempt: z.number().int(),
});
/** A single mail of another feature (badges) put on the queue: `key` makes it idempotent. */
export const mailAttachment = z.object({
  filename: z.string().min(1).max(200),
  contentType: z.string().min(1).max(100),
  /** base64; the whole job stays under the webhook's body limit */
  contentBase64: z.string().max(7_000_000),
});
export const mailSendBody = z.object({
  key: z.string().min(1).max(200),
  to: z.email(),
  locale: z.enum(LOCALES),
  subject: z.string().min(1).max(MAILING_SUBJECT_MAX),
  text: z.string().max(100_000),
  html: z.string().max(200_000),
  attachments: z.array(mailAttachment).max(10).default([]),
});
export type MailSendJob = z.input<typeof mailSendBody>;
export const sendOutcome = z.object({
  state: z.enum([...RECIPIENT_STATES, 'skipped']),
  error: z.string().nullable(),
});
export const unsubscribeToken = z.object({ token: z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{22}$/) });

export const mailingUpstreamRoutes = {
  /**
   * Due mailings started (recipients materialised) and the recipients to put on the queue: queued ones not
   * enqueued within the lease (or all queued ones with `all`, after an in-process queue's restart).
   */
  due: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/mailing-due',
    auth: 'service',
    body: z.object({ all: z.boolean().default(false), limit: z.number().int().min(1).max(20_000) }),
    responses: { 200: z.object({ recipients: z.array(dueRecipient) }) },
  }),
  sendRecipient: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/mailing-send',
    auth: 'service',
    body: dueRecipient,
    responses: { 200: sendOutcome },
  }),
  sendMail: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/mail-send',
    auth: 'service',
    body: mailSendBody,
    responses: { 200: sendOutcome },
  }),
  unsubscribeInfo: defineUpstreamRoute({
    service: 'webhook',
    method: 'GET',
    path: '/mailing-unsubscribe',
    auth: 'service',
    query: unsubscribeToken,
    responses: { 200: z.object({ locale: z.enum(LOCALES), event: z.string(), unsubscribed: z.boolean() }) },
  }),
  unsubscribe: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/mailing-unsubscribe',
    auth: 'service',
    body: unsubscribeToken,
    responses: { 200: z.object({ locale: z.enum(LOCALES), event: z.string(), unsubscribed: z.boolean() }) },
  }),
  /** the same link's holder changes their mind: the organisation's mailings reach them again */
  resubscribe: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/mailing-resubscribe',
    auth: 'service',
    body: unsubscribeToken,
    responses: { 200: z.object({ locale: z.enum(LOCALES), event: z.string(), unsubscribed: z.boolean() }) },
  }),
} as const;
