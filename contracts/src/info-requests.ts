import { z } from 'zod';
import { infoRequestMsg } from './feature-messages';
import { errorCode } from './errors';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from './forms/fields';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { LOCALES } from './locale';
import { id, msg, requiredText } from './validation';
import { eventNameVersions } from './upstream-events';

/**
 * Information requests (docs/decisions/information-requests.md). From a registration the organiser
 * asks for something: a message, plus text fields and/or documents. The person gets a mail in their
 * registration's language with a personal link `/requests/{token}` (requests layout), answers there, and the
 * answer appears beside the registration. Reference-upstream extensions, all below `/events/{id}/requests`
 * for the console and `/public/requests` for the visitor (the link's token in a header, never in an API path).
 */

export const MESSAGE_MAX = 2000;
export const ITEMS_MAX = 10;
export const ANSWER_MAX = 2000;
export const REMINDER_DAYS_DEFAULT = 3;
export const EXPIRY_DAYS_DEFAULT = 30;

/** What a state reads as: `expired` and the others are worked out from the dates, `cancelled` by the organiser. */
export const INFO_REQUEST_STATES = ['sent', 'opened', 'answered', 'expired', 'cancelled'] as const;
export type InfoRequestState = (typeof INFO_REQUEST_STATES)[number];
export const ITEM_KINDS = ['text', 'file'] as const;

/** A document asked for: typed by its content and limited exactly as the registration forms' documents. */
export const INFO_REQUEST_FILE = { types: DOCUMENT_TYPES, maxBytes: DOCUMENT_MAX_BYTES } as const;

/** The personal link's secret (`irq_` and 32 random bytes); stored hashed. */
export const requestToken = z.string().regex(/^irq_[A-Za-z0-9_-]{43}$/, { error: msg.invalidInput });
/** The header the visitor's page carries the token in (logs keep API paths, never headers). */
export const REQUEST_TOKEN_HEADER = 'x-info-request-token';
export const itemKey = z.string().regex(/^q\d{1,2}$/, { error: msg.invalidInput });

export const newItem = z.object({
  kind: z.enum(ITEM_KINDS, { error: msg.invalidInput }),
  label: requiredText(200),
  required: z.boolean().optional().default(true),
});
export type NewItem = z.input<typeof newItem>;

/** What the organiser sends; a request without a question (no field, no document) is refused. */
export const createInfoRequestBody = z.object({
  registrationId: id(),
  message: requiredText(MESSAGE_MAX),
  items: z
    .array(newItem, { error: msg.invalidInput })
    .min(1, { error: infoRequestMsg.noQuestion })
    .max(ITEMS_MAX, { error: msg.tooLong }),
  reminderDays: z.coerce
    .number({ error: msg.invalidInput })
    .int()
    .min(1)
    .max(30)
    .optional()
    .default(REMINDER_DAYS_DEFAULT),
  expiresInDays: z.coerce
    .number({ error: msg.invalidInput })
    .int()
    .min(1)
    .max(90)
    .optional()
    .default(EXPIRY_DAYS_DEFAULT),
});
export type CreateInfoRequestBody = z.input<typeof createInfoRequestBody>;

export const requestItem = z.object({
  key: z.string(),
  kind: z.enum(ITEM_KINDS),
  label: z.string(),
  required: z.boolean(),
});
export type RequestItem = z.infer<typeof requestItem>;

export const answerFile = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  /** below /api, through the BFF's permission check */
  url: z.string(),
});

export const infoRequest = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  registrationId: z.number().int(),
  /** the person's name as their registration says it */
  person: z.string(),
  message: z.string(),
  items: z.array(requestItem),
  state: z.enum(INFO_REQUEST_STATES),
  reminderDays: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
  openedAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  remindedAt: z.string().nullable(),
  /** text answers by item key */
  answers: z.record(z.string(), z.string()),
  files: z.array(answerFile.extend({ key: z.string() })),
});
export type InfoRequest = z.infer<typeof infoRequest>;
export const infoRequestList = z.object({ items: z.array(infoRequest) });

export const infoRequestListQuery = z.object({
  state: z.enum(INFO_REQUEST_STATES, { error: msg.invalidInput }).optional(),
  registrationId: id().optional(),
});
export const infoRequestParams = z.object({ id: id(), requestId: id() });
export const infoRequestActionParams = infoRequestParams.extend({
  action: z.enum(['resend', 'cancel'], { error: msg.invalidInput }),
});
export const infoRequestFileParams = infoRequestParams.extend({ fileId: id() });

// ---------- the visitor ----------

export const publicInfoRequest = z.object({
  event: z.object({
    /** in the event's main language; `titles` holds the others written, the page shows its own */
    title: z.string(),
    titles: eventNameVersions,
    languages: z.array(z.enum(LOCALES)).default([]),
    logo: z.string().nullable(),
  }),
  message: z.string(),
  locale: z.enum(LOCALES),
  answered: z.boolean(),
  items: z.array(
    requestItem.extend({
      file: z.object({ name: z.string(), size: z.number().int(), type: z.string() }).nullable(),
    }),
  ),
});
export type PublicInfoRequest = z.infer<typeof publicInfoRequest>;

/** The text answers; required documents must have been uploaded before (`/public/requests/files`). */
const answerText = z.string({ error: msg.invalidInput }).trim().max(ANSWER_MAX, { error: msg.tooLong });
export const answerBody = z.object({ answers: z.record(itemKey, answerText) });

/**
 * The visitor's form for one request: a text answer per text item and, per document item, the name of the
 * file already uploaded; required ones may not be empty. The texts follow `answerBody`'s rule.
 */
export function answerFormFor(items: readonly RequestItem[]) {
  const entries = (text: boolean, rule: z.ZodString) =>
    Object.fromEntries(
      items
        .filter((item) => (item.kind === 'text') === text)
        .map((item) => [item.key, item.required ? rule.min(1, { error: msg.required }) : rule]),
    );
  return z.object({
    answers: z.object(entries(true, answerText)),
    documents: z.object(entries(false, z.string())),
  });
}
export type AnswerBody = z.input<typeof answerBody>;
/** the multipart's text part, sent before the file: which item the file answers */
export const requestUploadFields = z.object({ item: itemKey });
export const requestUploadResult = z.object({
  item: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});

export const infoRequestRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/events/:id/requests',
    kind: 'proxy',
    auth: 'session',
    params: z.object({ id: id() }),
    query: infoRequestListQuery,
    responses: { 200: infoRequestList, ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/events/:id/requests',
    kind: 'proxy',
    auth: 'session',
    params: z.object({ id: id() }),
    body: createInfoRequestBody,
    responses: { 201: infoRequest, ...commonErrors },
  }),
  /** a new link (the old one stops working), its expiry pushed back */
  resend: defineRoute({
    method: 'POST',
    path: '/events/:id/requests/:requestId/resend',
    kind: 'proxy',
    auth: 'session',
    params: infoRequestParams,
    responses: { 200: infoRequest, 409: commonErrors[400], ...commonErrors },
  }),
  /** the link stops working for good */
  cancel: defineRoute({
    method: 'POST',
    path: '/events/:id/requests/:requestId/cancel',
    kind: 'proxy',
    auth: 'session',
    params: infoRequestParams,
    responses: { 200: infoRequest, 409: commonErrors[400], ...commonErrors },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/events/:id/requests/:requestId/files/:fileId',
    kind: 'proxy',
    auth: 'session',
    params: infoRequestFileParams,
    responses: { 200: null, ...commonErrors },
  }),
  publicView: defineRoute({
    method: 'GET',
    path: '/public/requests',
    kind: 'bff',
    auth: 'public',
    responses: { 200: publicInfoRequest, ...commonErrors },
  }),
  publicUpload: defineRoute({
    method: 'POST',
    path: '/public/requests/files',
    kind: 'bff',
    auth: 'public',
    upload: INFO_REQUEST_FILE,
    responses: { 201: requestUploadResult, 409: commonErrors[400], ...commonErrors },
  }),
  publicAnswer: defineRoute({
    method: 'POST',
    path: '/public/requests/answer',
    kind: 'bff',
    auth: 'public',
    body: answerBody,
    responses: { 200: z.object({ status: z.literal('answered') }), 409: commonErrors[400], ...commonErrors },
  }),
} as const;

/** The BFF's calls for the visitor: POSTs carrying the token in their body (never in an upstream path). */
const withToken = z.object({ token: requestToken });
/** unknown, expired and cancelled links answer alike: nobody learns whether a link existed */
const unknownLink = { 404: { code: errorCode.linkUnknown }, 410: { code: errorCode.linkUnknown } } as const;

export const infoRequestUpstreamRoutes = {
  infoRequestView: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/requests/view',
    auth: 'service',
    body: withToken,
    responses: { 200: publicInfoRequest },
    errors: unknownLink,
  }),
  /** multipart, streamed by the BFF (routes/public/uploads.ts): only its answers are declared here */
  infoRequestUpload: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/requests/files',
    auth: 'service',
    responses: { 201: requestUploadResult },
    errors: { ...unknownLink, 409: { code: errorCode.conflict } },
  }),
  infoRequestAnswer: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/public/requests/answer',
    auth: 'service',
    body: withToken.extend({ answers: answerBody.shape.answers }),
    responses: { 200: z.object({ status: z.literal('answered') }) },
    errors: { ...unknownLink, 409: { code: errorCode.conflict } },
  }),
  /** the job queue's periodic scan: reminders of unanswered requests, each sent once */
  infoRequestReminders: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/info-request-reminders',
    auth: 'service',
    responses: { 200: z.object({ sent: z.number().int() }) },
  }),
} as const;
