import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { optionalCountry, optionalUrl } from './forms/fields';
import { id, optionalEmail, optionalPhone, optionalText, requiredText } from './validation';

/** Spec section 3: id and image are known; the rest is what an organiser of a trade fair needs. */
export const organization = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  website: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.string(),
  /** API-relative path of the image (`/organizations/1/image?v=…`), or null */
  image: z.string().nullable(),
  /** the signed-in user's member type in this organisation */
  memberType: z.string().nullable(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organization>;

/** Spec: lists arrive in a data array. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

/**
 * The same rules as the visitors' forms: an http(s) website, an e-mail, a phone of digits with an
 * optional `+` (separators dropped), and a country code from the list, never a name cut to two letters.
 * The upstream parses with this schema too, so it refuses what the SPA would.
 */
export const organizationBody = z.object({
  name: requiredText(120),
  description: optionalText(2000),
  website: optionalUrl(300),
  email: optionalEmail(),
  phone: optionalPhone(),
  country: optionalCountry(),
});
export type OrganizationBody = z.input<typeof organizationBody>;

/** Spec: "Event numbers per organisation: shape not shown". */
export const eventNumbers = z.object({
  organizationId: z.number().int(),
  total: z.number().int(),
  upcoming: z.number().int(),
  ongoing: z.number().int(),
  past: z.number().int(),
  registrations: z.number().int(),
});
export type EventNumbers = z.infer<typeof eventNumbers>;

export const orgParams = z.object({ id: id() });
export const orgIdParams = z.object({ orgId: id() });

export const organizationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/organizations',
    kind: 'proxy',
    auth: 'session',
    responses: { 200: listOf(organization), ...commonErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/organizations',
    kind: 'proxy',
    auth: 'session',
    body: organizationBody,
    responses: { 201: organization, ...commonErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/organizations/:id',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: organization, ...commonErrors },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/organizations/:id',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: orgParams,
    body: organizationBody,
    responses: { 200: organization, ...commonErrors },
  }),
  eventNumbers: defineRoute({
    method: 'GET',
    path: '/organizations/:id/event-numbers',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: eventNumbers, ...commonErrors },
  }),
  image: defineRoute({
    method: 'GET',
    path: '/organizations/:id/image',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgParams,
    responses: { 200: null, ...commonErrors },
  }),
} as const;
