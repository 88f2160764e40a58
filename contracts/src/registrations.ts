import { z } from 'zod';
import { REGISTRATION_ACTIONS, REGISTRATION_STATUSES } from './forms/kinds';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { publicRegistrationRoutes, registrationKind } from './public-registrations';
import { registrationConsent } from './privacy-notice';
import { id, msg } from './validation';

/*
 * The organiser's lists of registrations, proxied to the upstream, which owns the rows, their
 * search and pagination. The visitor's routes are in public-registrations.ts; `registrationRoutes` is both.
 */
export * from './public-registrations';

export const registrationStatus = z.enum(REGISTRATION_STATUSES, { error: msg.invalidInput });

/** A stored file of a registration, as the organiser sees it. */
export const registrationFile = z.object({
  field: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  /** API-relative download path (session-protected) */
  url: z.string(),
});

export const registrationRow = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  kind: registrationKind,
  status: registrationStatus,
  /** the person's names, or the company/structure name for forms without a person's name */
  lastName: z.string(),
  firstNames: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** the kind's schema output, as submitted (upload tokens replaced by file references) */
  data: z.record(z.string(), z.unknown()),
  /** the privacy consent given with the registration; null for one made before the form asked */
  consent: registrationConsent.nullable().optional(),
  files: z.array(registrationFile),
  /** a waiting person's place on its form's waiting list (1 is next); null otherwise */
  waitlistPlace: z.number().int().positive().nullable().optional(),
  /** a promoted person's deadline to confirm (ISO); null otherwise */
  confirmBy: z.string().nullable().optional(),
  /** a delegation member's delegation (null: none listed its address); the detail only */
  delegation: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** a delegation's members who registered; the detail only */
  delegationMembers: z
    .array(
      z.object({
        id: z.number().int(),
        lastName: z.string(),
        firstNames: z.string(),
        status: registrationStatus,
      }),
    )
    .optional(),
});
export type RegistrationRow = z.infer<typeof registrationRow>;

export const REGISTRATION_SORTS = [
  'createdAt',
  '-createdAt',
  'lastName',
  '-lastName',
  'email',
  '-email',
  'status',
  '-status',
] as const;
export const REGISTRATION_PAGE_MAX = 100;
/** the export's batches: larger than a screen's page, so 100,000 rows take a hundred round trips */
export const REGISTRATION_EXPORT_BATCH_MAX = 1000;

/**
 * Where a page of the list starts: the sort key and id of the row just before it (`after`) or just after it
 * (`before`), as the server wrote them (base64url of `[key, id]`), so that a page is found through the index
 * in the same time whether it is the first or the thousandth (an OFFSET reads and drops every row before).
 */
export interface ListCursor {
  key: string;
  id: number;
}
// base64url through btoa/atob: the contract runs in the browser too
export function encodeListCursor(cursor: ListCursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.key, cursor.id]));
  const binary = Array.from(bytes, (b) => String.fromCharCode(b)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
export function decodeListCursor(text: string): ListCursor | null {
  if (!/^[\w-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const json = new TextDecoder('utf-8', { fatal: true }).decode(
      Uint8Array.from(binary, (c) => c.charCodeAt(0)),
    );
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [key, id] = value as unknown[];
    if (typeof key !== 'string' || !Number.isSafeInteger(id) || (id as number) < 1) return null;
    return { key, id: id as number };
  } catch {
    return null;
  }
}
const listCursor = z
  .string()
  .max(1000, { error: msg.tooLong })
  .refine((text) => decodeListCursor(text) !== null, { error: msg.invalidInput });

/** `kind` takes one kind or several, comma-separated (a list page shows several kinds). */
export const registrationListQuery = z.object({
  kind: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(registrationKind)),
  status: registrationStatus.optional(),
  q: z.string().trim().max(200, { error: msg.tooLong }).optional().default(''),
  sort: z.enum(REGISTRATION_SORTS, { error: msg.invalidInput }).optional().default('-createdAt'),
  /** the page's number as shown; read as an offset only when no cursor is given (the first page, a bookmark) */
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  limit: z.coerce.number().int().min(1).max(REGISTRATION_PAGE_MAX).optional().default(20),
  /** the rows after this one (the next page: the answer's `nextCursor`) */
  after: listCursor.optional(),
  /** the rows before this one (the previous page: the answer's `prevCursor`) */
  before: listCursor.optional(),
});
export type RegistrationListQuery = z.input<typeof registrationListQuery>;

export const registrationList = z.object({
  data: z.array(registrationRow),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  /** erased registrations of the same forms, left out of the rows and the total (data rights) */
  erased: z.number().int(),
  /** the cursor of the next page (`after`), null on the last; absent from an upstream without cursors */
  nextCursor: z.string().nullable().optional(),
  /** the cursor of the previous page (`before`), null on the first */
  prevCursor: z.string().nullable().optional(),
});

export const eventRegistrationParams = z.object({ id: id() });
export const registrationItemParams = z.object({ id: id(), registrationId: id() });
export const registrationActionParams = registrationItemParams.extend({
  action: z.enum(REGISTRATION_ACTIONS, { error: msg.invalidInput }),
});
/** The BFF adds its public origin: the mail's links (confirmation, the event's page) point there. */
export const upstreamRegistrationActionBody = z.object({ origin: z.url({ protocol: /^https?$/ }) });

export const registrationFileParams = z.object({ id: id(), registrationId: id(), fileId: id() });

export const registrationRoutes = {
  ...publicRegistrationRoutes,
  list: defineRoute({
    method: 'GET',
    path: '/events/:id/registrations',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: eventRegistrationParams,
    query: registrationListQuery,
    responses: { 200: registrationList, ...commonErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/events/:id/registrations/:registrationId',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: registrationItemParams,
    responses: { 200: registrationRow, ...commonErrors },
  }),
  file: defineRoute({
    method: 'GET',
    path: '/events/:id/registrations/:registrationId/files/:fileId',
    kind: 'proxy',
    auth: 'session',
    params: registrationFileParams,
    responses: { 200: null, ...commonErrors },
  }),
  /**
   * Extensions (the spec names no call): the organiser confirms a registration by hand (a visitor who
   * never got the mail) or deletes it with its files. Members of the event's organisation only.
   */
  confirmByHand: defineRoute({
    method: 'POST',
    path: '/events/:id/registrations/:registrationId/confirm',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
    params: registrationItemParams,
    responses: { 200: registrationRow, ...commonErrors },
  }),
  /**
   * Extension (BFF, then the upstream): `resend` mails the confirmation link again (pending only);
   * `cancel` cancels it (kept for the record, out of the counts and badges); `accept` / `decline` answer
   * a candidacy (candidate kinds, once confirmed). Each mails the person in the registration's language.
   */
  act: defineRoute({
    method: 'POST',
    path: '/events/:id/registrations/:registrationId/:action',
    kind: 'bff',
    auth: 'session',
    apiKey: true,
    params: registrationActionParams,
    responses: { 200: registrationRow, 409: commonErrors[400], ...commonErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/events/:id/registrations/:registrationId',
    kind: 'proxy',
    auth: 'session',
    params: registrationItemParams,
    responses: { 204: null, ...commonErrors },
  }),
} as const;
