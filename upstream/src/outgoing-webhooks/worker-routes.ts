import { webhookUpstreamRoutes } from '@evt/contracts/webhooks';
import type { Router } from 'express';
import type { Ctx } from '../context';
import { mountOn } from '../http/mount';

/**
 * The job queue's calls for webhook deliveries (reference-upstream extension), behind the automation
 * webhook's shared header. A job is (delivery, round, attempt): the claim hands out what to send only while
 * the row is still at that try, and the outcome is recorded only once for it, so a job run twice sends at
 * most twice (receivers deduplicate on the event id) and records once.
 */
export function webhookWorkerRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const { db } = ctx;

  mount(webhookUpstreamRoutes.due, async ({ body }, _req, res) => {
    // each endpoint's due deliveries in order, counted after those of it in flight: a receiver that
    // answers slowly gets `perEndpoint` tries at once, the others' deliveries do not wait behind it. The
    // lease is checked again by the UPDATE itself, so two scans at once never lease one delivery twice.
    const rows = await db.query<{ id: number; round: number; attempts: number }>(
      `UPDATE webhook_deliveries SET leased_until = now() + make_interval(secs => $2)
        WHERE (leased_until IS NULL OR leased_until < now()) AND id IN (
         SELECT id FROM (
           SELECT d.id, d.next_attempt_at,
                  row_number() OVER (PARTITION BY d.endpoint_id ORDER BY d.next_attempt_at, d.id)
                    + (SELECT count(*) FROM webhook_deliveries l
                        WHERE l.endpoint_id = d.endpoint_id AND l.leased_until >= now()) AS rank
             FROM webhook_deliveries d
            WHERE d.status IN ('pending', 'retrying') AND d.next_attempt_at <= now()
              AND (d.leased_until IS NULL OR d.leased_until < now())) due
          WHERE rank <= $3
          ORDER BY next_attempt_at, id LIMIT $1)
       RETURNING id, round, attempts`,
      [body.limit, body.leaseSeconds, body.perEndpoint],
    );
    res.json({
      jobs: rows
        .map((r) => ({ deliveryId: Number(r.id), round: Number(r.round), attempt: Number(r.attempts) + 1 }))
        .sort((a, b) => a.deliveryId - b.deliveryId),
    });
  });

  mount(webhookUpstreamRoutes.claim, async ({ body }, _req, res) => {
    const rows = await db.query<{
      url: string;
      enabled: boolean;
      secret: string;
      previous_secret: string | null;
      previous_live: boolean;
      event_id: string;
      payload: unknown;
    }>(
      `SELECT e.url, e.enabled, e.secret, e.previous_secret,
              coalesce(e.previous_secret_expires_at > now(), false) AS previous_live, d.event_id, ev.payload
         FROM webhook_deliveries d
         JOIN webhook_endpoints e ON e.id = d.endpoint_id
         JOIN webhook_events ev ON ev.id = d.event_id
        WHERE d.id = $1 AND d.round = $2 AND d.attempts = $3 - 1 AND d.status IN ('pending', 'retrying')`,
      [body.deliveryId, body.round, body.attempt],
    );
    const row = rows[0];
    // a disabled endpoint's deliveries wait: enabled again, they go
    if (!row?.enabled) {
      if (row)
        await db.query(
          "UPDATE webhook_deliveries SET leased_until = NULL, next_attempt_at = now() + interval '5 minutes' WHERE id = $1",
          [body.deliveryId],
        );
      res.json({ state: 'skip' });
      return;
    }
    const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
    res.json({
      state: 'send',
      url: row.url,
      secrets: row.previous_live && row.previous_secret ? [row.secret, row.previous_secret] : [row.secret],
      eventId: String(row.event_id),
      body: JSON.stringify(payload),
    });
  });

  mount(webhookUpstreamRoutes.record, async ({ body }, _req, res) => {
    const delivered = body.statusCode !== null && body.statusCode >= 200 && body.statusCode < 300;
    await db.query(
      `UPDATE webhook_deliveries SET attempts = $3, last_status_code = $4, last_error = $5,
         last_duration_ms = $6, last_attempt_at = now(), leased_until = NULL,
         status = CASE WHEN $7 THEN 'delivered' WHEN $8::int IS NULL THEN 'failed' ELSE 'retrying' END,
         delivered_at = CASE WHEN $7 THEN now() END,
         next_attempt_at = CASE WHEN NOT $7 AND $8::int IS NOT NULL THEN now() + make_interval(secs => $8) ELSE next_attempt_at END
       WHERE id = $1 AND round = $2 AND attempts = $3 - 1 AND status IN ('pending', 'retrying')`,
      [
        body.deliveryId,
        body.round,
        body.attempt,
        body.statusCode,
        body.error,
        body.durationMs,
        delivered,
        body.retryInSeconds,
      ],
    );
    res.status(204).end();
  });

  return router;
}
