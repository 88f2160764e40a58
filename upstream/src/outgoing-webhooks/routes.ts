import {
  WEBHOOK_DELIVERY_PAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  type WebhookDelivery,
  type WebhookEndpoint,
  webhookRoutes,
  webhookUpstreamRoutes,
} from '@evt/contracts/webhooks';
import type { Router } from 'express';
import { requireOwnerInPerson } from '../access';
import { randomToken } from '../auth/tokens';
import type { Ctx } from '../context';
import { type Queryable, type Row, toIso } from '../db/db';
import { HttpError, notFound } from '../http/errors';
import { mountOn } from '../http/mount';
import { audit } from '../rights/permissions';
import { recordPing } from './record';

/** the signing secret: shown once, kept as is (an HMAC needs it), never listed */
const newSecret = () => `whsec_${randomToken()}`;

const ENDPOINT_COLUMNS = `e.id, e.url, e.description, e.events, e.enabled, e.created_at,
  CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_expires_at END AS previous_until,
  (SELECT count(*) FILTER (WHERE d.status = 'delivered') FROM webhook_deliveries d
    WHERE d.endpoint_id = e.id AND d.created_at > now() - interval '24 hours')::int AS delivered,
  (SELECT count(*) FILTER (WHERE d.status = 'failed' OR d.status = 'retrying') FROM webhook_deliveries d
    WHERE d.endpoint_id = e.id AND d.created_at > now() - interval '24 hours')::int AS failing,
  (SELECT count(*) FILTER (WHERE d.status = 'pending') FROM webhook_deliveries d
    WHERE d.endpoint_id = e.id AND d.created_at > now() - interval '24 hours')::int AS waiting`;

function toEndpoint(row: Row): WebhookEndpoint {
  return {
    id: Number(row.id),
    url: String(row.url),
    description: String(row.description),
    events: row.events as WebhookEndpoint['events'],
    enabled: Boolean(row.enabled),
    createdAt: toIso(row.created_at),
    previousSecretUntil: row.previous_until ? toIso(row.previous_until) : null,
    recent: { delivered: Number(row.delivered), failing: Number(row.failing), waiting: Number(row.waiting) },
  };
}

const DELIVERY_COLUMNS = `d.id, d.event_id, ev.type, d.status, d.attempts, d.last_status_code, d.last_error,
  d.last_duration_ms, d.last_attempt_at, d.next_attempt_at, d.created_at`;

export function toDelivery(row: Row): WebhookDelivery {
  const waiting = row.status === 'pending' || row.status === 'retrying';
  return {
    id: Number(row.id),
    eventId: String(row.event_id),
    type: String(row.type),
    status: row.status as WebhookDelivery['status'],
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: (row.last_error ?? null) as WebhookDelivery['lastError'],
    lastDurationMs: row.last_duration_ms === null ? null : Number(row.last_duration_ms),
    lastAttemptAt: row.last_attempt_at ? toIso(row.last_attempt_at) : null,
    nextAttemptAt: waiting ? toIso(row.next_attempt_at) : null,
    createdAt: toIso(row.created_at),
  };
}

async function endpointOf(
  db: Queryable,
  organizationId: number,
  endpointId: number,
): Promise<WebhookEndpoint> {
  const rows = await db.query(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.id = $1 AND e.organization_id = $2`,
    [endpointId, organizationId],
  );
  if (!rows[0]) throw notFound('Webhook endpoint');
  return toEndpoint(rows[0]);
}

async function deliveryOf(db: Queryable, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
  const rows = await db.query(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
     WHERE d.id = $1 AND d.endpoint_id = $2`,
    [deliveryId, endpointId],
  );
  if (!rows[0]) throw notFound('Webhook delivery');
  return toDelivery(rows[0]);
}

/**
 * An organisation's webhook endpoints (reference-upstream extension; docs/decisions/webhooks.md): owners
 * in person only. The address was checked by the BFF (create, update); it is checked again before each
 * delivery, where it counts.
 */
export function webhookEndpointRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;
  const log = (tx: Queryable, organizationId: number, actorId: number, action: string, details: object) =>
    audit(tx, { organizationId, eventId: null, actorId, action, details });

  mount(webhookRoutes.list, async ({ params }, _req, res) => {
    await requireOwnerInPerson(db, params.id, res);
    const rows = await db.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints e WHERE e.organization_id = $1 ORDER BY e.id`,
      [params.id],
    );
    res.json({ data: rows.map(toEndpoint) });
  });

  mount(webhookUpstreamRoutes.create, async ({ params, body }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    const secret = newSecret();
    const endpoint = await db.transaction(async (tx) => {
      // one at a time per organisation, so the count holds
      await tx.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [params.id]);
      const [count] = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM webhook_endpoints WHERE organization_id = $1',
        [params.id],
      );
      if ((count?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
        throw new HttpError(409, 'too_many_webhooks', 'Too many webhook endpoints');
      const [row] = await tx.query<{ id: number }>(
        `INSERT INTO webhook_endpoints (organization_id, created_by, url, description, events, secret)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [params.id, userId, body.url, body.description, body.events, secret],
      );
      const id = Number(row?.id);
      await log(tx, params.id, userId, 'webhook.created', {
        endpointId: id,
        url: body.url,
        events: body.events,
      });
      return endpointOf(tx, params.id, id);
    });
    res.status(201).json({ endpoint, secret });
  });

  mount(webhookUpstreamRoutes.update, async ({ params, body }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    const endpoint = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE webhook_endpoints SET url = coalesce($3, url), description = coalesce($4, description),
           events = coalesce($5, events), enabled = coalesce($6, enabled)
         WHERE id = $1 AND organization_id = $2 RETURNING id`,
        [
          params.endpointId,
          params.id,
          body.url ?? null,
          body.description ?? null,
          body.events ?? null,
          body.enabled ?? null,
        ],
      );
      if (!rows[0]) throw notFound('Webhook endpoint');
      await log(tx, params.id, userId, 'webhook.updated', { endpointId: params.endpointId, ...body });
      return endpointOf(tx, params.id, params.endpointId);
    });
    res.json(endpoint);
  });

  mount(webhookRoutes.remove, async ({ params }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    await db.transaction(async (tx) => {
      const rows = await tx.query<{ url: string }>(
        'DELETE FROM webhook_endpoints WHERE id = $1 AND organization_id = $2 RETURNING url',
        [params.endpointId, params.id],
      );
      if (!rows[0]) throw notFound('Webhook endpoint');
      await log(tx, params.id, userId, 'webhook.removed', {
        endpointId: params.endpointId,
        url: rows[0].url,
      });
    });
    res.status(204).end();
  });

  mount(webhookRoutes.rotateSecret, async ({ params }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    const secret = newSecret();
    const endpoint = await db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE webhook_endpoints SET previous_secret = secret, secret = $3,
           previous_secret_expires_at = now() + make_interval(hours => $4)
         WHERE id = $1 AND organization_id = $2 RETURNING id`,
        [params.endpointId, params.id, secret, WEBHOOK_PREVIOUS_SECRET_HOURS],
      );
      if (!rows[0]) throw notFound('Webhook endpoint');
      await log(tx, params.id, userId, 'webhook.secretRotated', { endpointId: params.endpointId });
      return endpointOf(tx, params.id, params.endpointId);
    });
    res.json({ endpoint, secret });
  });

  mount(webhookRoutes.ping, async ({ params }, _req, res) => {
    await requireOwnerInPerson(db, params.id, res);
    const delivery = await db.transaction(async (tx) => {
      await endpointOf(tx, params.id, params.endpointId);
      const deliveryId = await recordPing(tx, params.id, params.endpointId);
      return deliveryOf(tx, params.endpointId, deliveryId);
    });
    res.status(202).json(delivery);
  });

  mount(webhookRoutes.deliveries, async ({ params, query }, _req, res) => {
    await requireOwnerInPerson(db, params.id, res);
    await endpointOf(db, params.id, params.endpointId);
    const rows = await db.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
       WHERE d.endpoint_id = $1 AND ($2::bigint IS NULL OR d.id < $2) ORDER BY d.id DESC LIMIT $3`,
      [params.endpointId, query.before ?? null, WEBHOOK_DELIVERY_PAGE + 1],
    );
    const page = rows.slice(0, WEBHOOK_DELIVERY_PAGE).map(toDelivery);
    res.json({
      data: page,
      nextBefore: rows.length > WEBHOOK_DELIVERY_PAGE ? (page.at(-1)?.id ?? null) : null,
    });
  });

  mount(webhookRoutes.redeliver, async ({ params }, _req, res) => {
    const userId = await requireOwnerInPerson(db, params.id, res);
    const delivery = await db.transaction(async (tx) => {
      await endpointOf(tx, params.id, params.endpointId);
      const rows = await tx.query(
        `UPDATE webhook_deliveries SET status = 'pending', round = round + 1, attempts = 0,
           next_attempt_at = now(), leased_until = NULL
         WHERE id = $1 AND endpoint_id = $2 RETURNING id`,
        [params.deliveryId, params.endpointId],
      );
      if (!rows[0]) throw notFound('Webhook delivery');
      await log(tx, params.id, userId, 'webhook.redelivered', {
        endpointId: params.endpointId,
        deliveryId: params.deliveryId,
      });
      return deliveryOf(tx, params.endpointId, params.deliveryId);
    });
    res.json(delivery);
  });

  return router;
}
