import { z } from 'zod';
import { commonErrors, defineRoute, defineUpstreamRoute } from './http';
import { orgParams } from './organizations';
import { id, msg } from './validation';

/**
 * Outgoing webhooks (docs/decisions/webhooks.md): an owner's endpoints receive, signed, the events they
 * chose. Each event has a stable id (`evt` + uuid) a receiver deduplicates on; a delivery is tried until
 * answered 2xx or out of tries, and logged.
 */
export const WEBHOOK_EVENT_TYPES = [
  'registration.created',
  'registration.confirmed',
  'registration.waitlisted',
  'registration.promoted',
  'registration.cancelled',
  'registration.erased',
  'checkin.created',
  'lead.scanned',
  'b2b.meeting.published',
  'b2b.meeting.moved',
  'b2b.meeting.cancelled',
  'mailing.finished',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** the test event an owner sends from the console: never subscribed to, sent to one endpoint */
export const WEBHOOK_PING = 'ping';

export const WEBHOOK_URL_MAX = 500;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** endpoints an organisation keeps */
export const WEBHOOK_ENDPOINTS_MAX = 20;
/** how long the previous secret still signs after a rotation (hours) */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
export const WEBHOOK_DELIVERY_PAGE = 50;
/** how long the delivery log keeps an event once its every delivery is done with (days), like Stripe's */
export const WEBHOOK_LOG_DAYS = 30;
/** the signature's header: `t=<unix seconds>,v1=<hex>[,v1=<hex>]` */
export const WEBHOOK_SIGNATURE_HEADER = 'Evt-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Evt-Event-Id';

/** http(s), no credentials, no fragment; the BFF checks the address it resolves to (target-check.ts) */
export const webhookUrl = z
  .string({ error: msg.invalidInput })
  .trim()
  .min(1, { error: msg.required, abort: true })
  .max(WEBHOOK_URL_MAX, { error: msg.tooLong, abort: true })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return false;
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') &&
        url.username === '' &&
        url.password === '' &&
        url.hash === ''
      );
    },
    { error: msg.url },
  );

export const webhookEvents = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: msg.invalidInput }), { error: msg.invalidInput })
  .min(1, { error: msg.atLeastOne })
  .max(WEBHOOK_EVENT_TYPES.length * 2)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((type) => list.includes(type)));

const description = z
  .string({ error: msg.invalidInput })
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { error: msg.tooLong });

export const createWebhookBody = z.object({
  url: webhookUrl,
  description: description.default(''),
  events: webhookEvents,
});
export type CreateWebhookBody = z.input<typeof createWebhookBody>;
export const updateWebhookBody = z
  .object({
    url: webhookUrl.optional(),
    description: description.optional(),
    events: webhookEvents.optional(),
    enabled: z.boolean({ error: msg.invalidInput }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: msg.atLeastOne });
export type UpdateWebhookBody = z.input<typeof updateWebhookBody>;

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** during a rotation: until when the previous secret still signs */
  previousSecretUntil: z.string().nullable(),
  /** the last 24 hours' deliveries by outcome */
  recent: z.object({ delivered: z.number().int(), failing: z.number().int(), waiting: z.number().int() }),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointList = z.object({ data: z.array(webhookEndpoint) });

/** the answer to a creation or a rotation: the only time the secret is sent */
export const webhookWithSecret = z.object({ endpoint: webhookEndpoint, secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
/** why a try got no answer (an answer's status code says the rest) */
export const WEBHOOK_ERRORS = ['timeout', 'network', 'refusedTarget'] as const;
export type WebhookError = (typeof WEBHOOK_ERRORS)[number];

export const webhookDelivery = z.object({
  id: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.enum(WEBHOOK_ERRORS).nullable(),
  lastDurationMs: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export const webhookDeliveryPage = z.object({
  data: z.array(webhookDelivery),
  /** the id to ask `before` for the next (older) page; null on the last */
  nextBefore: z.number().int().nullable(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

export const webhookParams = orgParams.extend({ endpointId: id() });
export const webhookDeliveryParams = webhookParams.extend({ deliveryId: id() });
export const webhookDeliveryQuery = z.object({ before: id().optional() });

const ownerRoute = { auth: 'session', role: 'owner' } as const;

export const webhookRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/organizations/:id/webhooks',
    kind: 'proxy',
    ...ownerRoute,
    params: orgParams,
    responses: { 200: webhookEndpointList, ...commonErrors },
  }),
  /** a BFF route: the address is checked (target-check.ts) before the upstream keeps it */
  create: defineRoute({
    method: 'POST',
    path: '/organizations/:id/webhooks',
    kind: 'bff',
    ...ownerRoute,
    params: orgParams,
    body: createWebhookBody,
    responses: { 201: webhookWithSecret, ...commonErrors, 409: commonErrors[400] },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/organizations/:id/webhooks/:endpointId',
    kind: 'bff',
    ...ownerRoute,
    params: webhookParams,
    body: updateWebhookBody,
    responses: { 200: webhookEndpoint, ...commonErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/organizations/:id/webhooks/:endpointId',
    kind: 'proxy',
    ...ownerRoute,
    params: webhookParams,
    responses: { 204: null, ...commonErrors },
  }),
  /** a new secret; the previous one keeps signing beside it for WEBHOOK_PREVIOUS_SECRET_HOURS */
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/organizations/:id/webhooks/:endpointId/rotate-secret',
    kind: 'proxy',
    ...ownerRoute,
    params: webhookParams,
    responses: { 200: webhookWithSecret, ...commonErrors },
  }),
  /** a `ping` event to this endpoint only */
  ping: defineRoute({
    method: 'POST',
    path: '/organizations/:id/webhooks/:endpointId/ping',
    kind: 'proxy',
    ...ownerRoute,
    params: webhookParams,
    responses: { 202: webhookDelivery, ...commonErrors },
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/organizations/:id/webhooks/:endpointId/deliveries',
    kind: 'proxy',
    ...ownerRoute,
    params: webhookParams,
    query: webhookDeliveryQuery,
    responses: { 200: webhookDeliveryPage, ...commonErrors },
  }),
  /** the same event (same id) sent again now, with a fresh round of tries */
  redeliver: defineRoute({
    method: 'POST',
    path: '/organizations/:id/webhooks/:endpointId/deliveries/:deliveryId/redeliver',
    kind: 'proxy',
    ...ownerRoute,
    params: webhookDeliveryParams,
    responses: { 200: webhookDelivery, ...commonErrors },
  }),
} as const;

/** A delivery to try: the job's identity. */
export const webhookJob = z.object({
  deliveryId: z.number().int(),
  round: z.number().int(),
  attempt: z.number().int(),
});
export type WebhookJob = z.infer<typeof webhookJob>;

/** What the worker needs to send one try; `skip` when it was done meanwhile (or its endpoint is gone). */
export const webhookClaim = z.discriminatedUnion('state', [
  z.object({ state: z.literal('skip') }),
  z.object({
    state: z.literal('send'),
    url: z.string(),
    /** the active secrets, current first */
    secrets: z.array(z.string()).min(1).max(2),
    eventId: z.string(),
    /** the event as sent: the exact bytes signed */
    body: z.string(),
  }),
]);
export type WebhookClaim = z.infer<typeof webhookClaim>;

export const webhookOutcome = webhookJob.extend({
  statusCode: z.number().int().nullable(),
  error: z.enum(WEBHOOK_ERRORS).nullable(),
  durationMs: z.number().int().min(0),
  /** when not delivered: the next try in so many seconds, or null when no try is left */
  retryInSeconds: z.number().int().min(0).nullable(),
});
export type WebhookOutcome = z.infer<typeof webhookOutcome>;

export const webhookUpstreamRoutes = {
  create: defineUpstreamRoute({
    service: 'rest',
    method: 'POST',
    path: '/organizations/:id/webhooks',
    auth: 'user',
    params: orgParams,
    body: createWebhookBody,
    responses: { 201: webhookWithSecret },
  }),
  update: defineUpstreamRoute({
    service: 'rest',
    method: 'PATCH',
    path: '/organizations/:id/webhooks/:endpointId',
    auth: 'user',
    params: webhookParams,
    body: updateWebhookBody,
    responses: { 200: webhookEndpoint },
  }),
  /**
   * Deliveries due (never tried, or their retry time come) and not leased: each leased for `leaseSeconds`,
   * so the next scan skips it while its job runs; oldest first, at most `perEndpoint` leased per endpoint
   */
  due: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/webhook-deliveries/due',
    auth: 'service',
    body: z.object({
      limit: z.number().int().min(1).max(5000),
      leaseSeconds: z.number().int().min(1).max(3600),
      /** tries of one endpoint in flight at once: a slow receiver holds no more worker slots than this */
      perEndpoint: z.number().int().min(1).max(100),
    }),
    responses: { 200: z.object({ jobs: z.array(webhookJob) }) },
  }),
  claim: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/webhook-deliveries/claim',
    auth: 'service',
    body: webhookJob,
    responses: { 200: webhookClaim },
  }),
  record: defineUpstreamRoute({
    service: 'webhook',
    method: 'POST',
    path: '/webhook-deliveries/outcome',
    auth: 'service',
    body: webhookOutcome,
    responses: { 204: null },
  }),
} as const;
