import { z } from 'zod';
import { eventClock } from './event-time-zone';
import { commonErrors, defineRoute } from './http';
import { LOCALES } from './locale';
import { listOf, orgIdParams } from './organizations';
import { createEventBody, eventTranslations, updateEventBody } from './upstream-events';
import { id } from './validation';

/**
 * An event's life (extension): a draft is published, then archived once over; a draft may be
 * archived unpublished. Nothing goes back: an archived event is kept for its records only.
 */
export const EVENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
export const EVENT_TRANSITIONS: Record<EventStatus, readonly EventStatus[]> = {
  draft: ['published', 'archived'],
  published: ['archived'],
  archived: [],
};
export const canMoveTo = (from: EventStatus, to: EventStatus) => EVENT_TRANSITIONS[from].includes(to);
export const eventStatusBody = z.object({ status: z.enum(EVENT_STATUSES) });
export type EventStatusBody = z.input<typeof eventStatusBody>;
/** `POST /events/{id}/close-registrations`: how many forms it closed */
export const closedRegistrations = z.object({ closed: z.number().int() });

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
  /** the first and last days (their UTC date); the times of day, if any, are `startTime` and `endTime` */
  startDate: z.string(),
  endDate: z.string(),
  /** extension: the opening and closing times and their zone (absent from a spec upstream) */
  ...eventClock,
  languages: z.array(z.enum(LOCALES)),
  /** API-relative path of the logo, or null */
  logo: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  /** extension: absent from an upstream that keeps one language */
  translations: eventTranslations,
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
    apiKey: true,
    role: 'member',
    params: orgIdParams,
    responses: { 200: listOf(event), ...commonErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/events/:id',
    kind: 'proxy',
    auth: 'session',
    apiKey: true,
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
  /**
   * Extension: publish or archive, along EVENT_TRANSITIONS (else 409 invalidTransition). Any
   * member, as the update is: running an event is the members' day-to-day work.
   */
  setStatus: defineRoute({
    method: 'PUT',
    path: '/events/:id/status',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: eventParams,
    body: eventStatusBody,
    responses: { 200: event, 409: commonErrors[400], ...commonErrors },
  }),
  /** Extension: closes every registration form of the event at once (any member, as one form). */
  closeRegistrations: defineRoute({
    method: 'POST',
    path: '/events/:id/close-registrations',
    kind: 'proxy',
    auth: 'session',
    role: 'member',
    params: eventParams,
    responses: { 200: closedRegistrations, ...commonErrors },
  }),
  /**
   * Extension: deletes the event with everything that hangs off it (forms, registrations and
   * their files, documents, logo, commissions, projects, tasks, features). Managers only (owner or admin):
   * nothing brings it back.
   */
  remove: defineRoute({
    method: 'DELETE',
    path: '/events/:id',
    kind: 'proxy',
    auth: 'session',
    role: 'manager',
    params: eventParams,
    responses: { 204: null, ...commonErrors },
  }),
} as const;
