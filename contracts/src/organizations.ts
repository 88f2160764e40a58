import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { id, optionalText, requiredText } from './validation';

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

export const organizationBody = z.object({
  name: requiredText(120),
  description: optionalText(2000),
  website: optionalText(300),
  email: optionalText(254),
  phone: optionalText(30),
  country: optionalText(2),
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
