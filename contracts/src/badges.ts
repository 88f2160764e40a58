import { z } from 'zod';
import { eventParams } from './events';
import { badgeMsg } from './feature-messages';
import { REGISTRATION_KINDS } from './forms/kinds';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { registrationKind } from './public-registrations';
import { id, msg } from './validation';

/*
 * Badges: one model per event and role (a registration kind), drawn by the BFF with pdfkit.
 * Models are stored by the reference upstream (extension `GET|PUT|DELETE /events/{id}/badge-models`); the
 * PDFs (test sheet, generation) are drawn by the BFF, which alone holds the key that signs the QR tokens.
 */

/** Page sizes in millimetres: A6, the CR80 credit card, and A4 sheets holding four A6 badges. */
export const BADGE_PAGE_SIZES = {
  A6: { width: 105, height: 148, perSheet: 1 },
  CR80: { width: 85.6, height: 53.98, perSheet: 1 },
  A4x4: { width: 105, height: 148.5, perSheet: 4 },
} as const;
export type BadgePageSize = keyof typeof BADGE_PAGE_SIZES;
export const BADGE_PAGE_SIZE_NAMES = Object.keys(BADGE_PAGE_SIZES) as BadgePageSize[];

export const BADGE_FIELDS = ['name', 'organisation', 'role', 'country', 'eventName', 'logo', 'qr'] as const;
export type BadgeField = (typeof BADGE_FIELDS)[number];
/** A model without these is no badge: the name says who, the QR code checks them in. */
export const REQUIRED_BADGE_FIELDS: readonly BadgeField[] = ['name', 'qr'];
export const TEXT_BADGE_FIELDS: readonly BadgeField[] = [
  'name',
  'organisation',
  'role',
  'country',
  'eventName',
];

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: msg.invalidInput });
const mm = z.number({ error: msg.invalidInput }).min(0, { error: badgeMsg.offPage }).max(300);

export const badgeElement = z.object({
  field: z.enum(BADGE_FIELDS, { error: msg.invalidInput }),
  x: mm,
  y: mm,
  width: z.number({ error: msg.invalidInput }).min(3).max(300),
  height: z.number({ error: msg.invalidInput }).min(3).max(300),
  /** text fields: the largest size in points; a long text shrinks to fit the width */
  fontSize: z.number({ error: msg.invalidInput }).min(5).max(72).default(12),
  align: z.enum(['left', 'center', 'right']).default('center'),
  bold: z.boolean().default(false),
});
export type BadgeElement = z.infer<typeof badgeElement>;

/** What the organiser edits (the role comes from the path). */
export const badgeModelBody = z
  .object({
    pageSize: z.enum(BADGE_PAGE_SIZE_NAMES as [BadgePageSize, ...BadgePageSize[]], {
      error: msg.invalidInput,
    }),
    background: colour,
    text: colour,
    /** the band across the top, in the role's colour */
    accent: colour,
    bandHeight: z.number().min(0).max(60),
    elements: z.array(badgeElement).min(1).max(BADGE_FIELDS.length),
  })
  .superRefine((model, ctx) => {
    const size = BADGE_PAGE_SIZES[model.pageSize];
    const seen = new Set<BadgeField>();
    model.elements.forEach((element, index) => {
      if (seen.has(element.field))
        ctx.addIssue({ code: 'custom', path: ['elements', index, 'field'], message: badgeMsg.duplicate });
      seen.add(element.field);
      if (element.x + element.width > size.width + 0.01 || element.y + element.height > size.height + 0.01)
        ctx.addIssue({ code: 'custom', path: ['elements', index, 'field'], message: badgeMsg.offPage });
    });
    for (const field of REQUIRED_BADGE_FIELDS) {
      if (!seen.has(field))
        ctx.addIssue({ code: 'custom', path: ['elements', field], message: badgeMsg.missing });
    }
  });
export type BadgeModelBody = z.input<typeof badgeModelBody>;
export type BadgeModelInput = z.output<typeof badgeModelBody>;

export const badgeModel = z.object({
  eventId: z.number().int(),
  role: registrationKind,
  pageSize: z.enum(BADGE_PAGE_SIZE_NAMES as [BadgePageSize, ...BadgePageSize[]]),
  background: z.string(),
  text: z.string(),
  accent: z.string(),
  bandHeight: z.number(),
  elements: z.array(badgeElement),
  updatedAt: z.string(),
});
export type BadgeModel = z.infer<typeof badgeModel>;
export const badgeModelList = z.object({ data: z.array(badgeModel) });

export const badgeModelParams = z.object({ id: id(), role: registrationKind });

/** `roles` is a comma-separated list of kinds; `registrationId` draws one person's badge only. */
export const badgeGenerateQuery = z.object({
  roles: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(registrationKind)),
  registrationId: id().optional(),
});
export const badgeTestQuery = z.object({ role: registrationKind.optional() });

/** The PDF carries `%badge n/total` comments as it goes (valid PDF): the page reads them for progress. */
export const BADGE_PROGRESS_HEADER = 'x-badge-total';
export const BADGE_PROGRESS_MARK = '%badge ';

/** Sample people of the test sheet, one per language (the Japanese one in Japanese). */
export const BADGE_TEST_LOCALES = LOCALES;

export const defaultBadgeModel = (pageSize: BadgePageSize = 'A6'): BadgeModelInput => {
  const { width, height } = BADGE_PAGE_SIZES[pageSize];
  const w = width - 10;
  const qr = Math.min(width, height) * 0.38;
  return {
    pageSize,
    background: '#ffffff',
    text: '#1a1a1a',
    accent: '#1f4e8c',
    bandHeight: Math.round(height * 0.12),
    elements: [
      {
        field: 'eventName',
        x: 5,
        y: 2,
        width: w,
        height: height * 0.1,
        fontSize: 11,
        align: 'center',
        bold: true,
      },
      {
        field: 'name',
        x: 5,
        y: height * 0.2,
        width: w,
        height: height * 0.12,
        fontSize: 22,
        align: 'center',
        bold: true,
      },
      {
        field: 'organisation',
        x: 5,
        y: height * 0.33,
        width: w,
        height: height * 0.08,
        fontSize: 13,
        align: 'center',
        bold: false,
      },
      {
        field: 'country',
        x: 5,
        y: height * 0.42,
        width: w,
        height: height * 0.07,
        fontSize: 10,
        align: 'center',
        bold: false,
      },
      {
        field: 'qr',
        x: (width - qr) / 2,
        y: height * 0.5,
        width: qr,
        height: qr,
        fontSize: 12,
        align: 'center',
        bold: false,
      },
      {
        field: 'role',
        x: 5,
        y: height - height * 0.1,
        width: w,
        height: height * 0.08,
        fontSize: 12,
        align: 'center',
        bold: true,
      },
    ],
  };
};

export const badgeRoutes = {
  listModels: defineRoute({
    method: 'GET',
    path: '/events/:id/badge-models',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: badgeModelList, ...commonErrors },
  }),
  saveModel: defineRoute({
    method: 'PUT',
    path: '/events/:id/badge-models/:role',
    kind: 'proxy',
    auth: 'session',
    params: badgeModelParams,
    body: badgeModelBody,
    responses: { 200: badgeModel, ...commonErrors },
  }),
  removeModel: defineRoute({
    method: 'DELETE',
    path: '/events/:id/badge-models/:role',
    kind: 'proxy',
    auth: 'session',
    params: badgeModelParams,
    responses: { 204: null, ...commonErrors },
  }),
  /** a sample badge in each language, with test data (no token of a real person) */
  testPdf: defineRoute({
    method: 'GET',
    path: '/events/:id/badges/test.pdf',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    query: badgeTestQuery,
    responses: { 200: null, ...commonErrors },
  }),
  /** the badges of the confirmed registrations of `roles` (or one), one streamed PDF */
  generate: defineRoute({
    method: 'GET',
    path: '/events/:id/badges.pdf',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    query: badgeGenerateQuery,
    responses: { 200: null, ...commonErrors },
  }),
} as const;

export const BADGE_ROLES = REGISTRATION_KINDS;

/**
 * Upstream extension `GET /events/{id}/badge-people`: the confirmed registrations to print, lean and in id
 * order, read page after page (`after` = the last id seen), so a 10,000-badge PDF never holds them all.
 */
export const badgePeopleQuery = z.object({
  roles: badgeGenerateQuery.shape.roles,
  registrationId: id().optional(),
  after: z.coerce.number().int().min(0).optional().default(0),
  limit: z.coerce.number().int().min(1).max(500).optional().default(200),
});
export const badgePerson = z.object({
  registrationId: z.number().int(),
  role: registrationKind,
  locale: z.enum(LOCALES),
  lastName: z.string(),
  firstNames: z.string(),
  organisation: z.string(),
  /** ISO 3166 alpha-2 code, or '' */
  country: z.string(),
});
export type BadgePerson = z.infer<typeof badgePerson>;
/** `total`: how many in all, answered with the first page only (`after` = 0) */
export const badgePeoplePage = z.object({ data: z.array(badgePerson), total: z.number().int().nullable() });
