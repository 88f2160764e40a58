import { z } from 'zod';
import { eventParams } from './events';
import { commonErrors, defineRoute } from './http';

/** Spec section 2, /admin/features: the event features an organiser turns on or off. */
export const EVENT_FEATURES = [
  'commission',
  'formModel',
  'badgeModel',
  'badgeSending',
  'informationRequests',
  'authorisations',
] as const;
export type EventFeature = (typeof EVENT_FEATURES)[number];

/**
 * Upstream extension (no call exists for it in the spec): `GET|PUT /events/{id}/features`, stored with the
 * event in the reference upstream (see upstream/README.md). A feature never set is on.
 */
export const eventFeatures = z.object({
  eventId: z.number().int(),
  features: z.record(z.enum(EVENT_FEATURES), z.boolean()),
});
export type EventFeatures = z.infer<typeof eventFeatures>;
export const eventFeaturesBody = z.object({
  features: z.partialRecord(z.enum(EVENT_FEATURES), z.boolean()),
});

export const featureRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/events/:id/features',
    kind: 'proxy',
    auth: 'session',
    params: eventParams,
    responses: { 200: eventFeatures, ...commonErrors },
  }),
  /** a BFF route: once stored, every instance drops the permissions (and features) it had cached */
  update: defineRoute({
    method: 'PUT',
    path: '/events/:id/features',
    kind: 'bff',
    auth: 'session',
    params: eventParams,
    body: eventFeaturesBody,
    responses: { 200: eventFeatures, ...commonErrors },
  }),
} as const;
