import { z } from 'zod';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { listOf, orgIdParams } from './organizations';
import { createEventBody, updateEventBody } from './upstream-events';
import { id } from './validation';

/** Spec section 3: id, documents, metrics, organization, logo; the rest is what a fair organiser needs. */
export const event = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  venue: z.string(),
  city: z.string(),
  country: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  languages: z.array(z.enum(LOCALES)),
  /** API-relative path of the logo, or null */
  logo: z.string().nullable(),
  status: z.enum(['draft', 'published', 'archived']),
  createdAt: z.string(),
});
export type Event = z.infer<typeof event>;

export const eventParams = z.object({ id: id() });

export const eventRoutes = {
  listForOrganization: defineRoute({
    method: 'GET',
    path: '/organizations/:orgId/events',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: orgIdParams,
    responses: { 200: listOf(event), ...commonErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/events/:id',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: event, ...commonErrors },
  }),
  /** spec section 7: POST /events, body plus organization (its id) */
  create: defineRoute({
    method: 'POST',
    path: '/events',
    kind: 'proxy',
    auth: 'session',
    body: createEventBody,
    responses: { 201: event, 409: commonErrors[400], ...commonErrors },
  }),
  /**
   * Extension (no event update in the spec; `/events/infos` edits the event): the whole event as on
   * creation, slug and organisation excepted. Any member of the event's organisation, as creation is
   * (docs/security.md: events are the members' day-to-day work).
   */
  update: defineRoute({
    method: 'PUT',
    path: '/events/:id',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: eventParams,
    body: updateEventBody,
    responses: { 200: event, ...commonErrors },
  }),
} as const;
