import { randomBytes, randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { DEFAULT_PUBLIC_URL } from '../mailings/render';
import { daysFrom } from './days';
import { REGISTRATION_EVENT_COLUMNS, registrationEventData } from '../outgoing-webhooks/record';

/**
 * The demo's webhooks page: the organisation's CRM endpoint on the BFF's demo receiver (`/_dev/webhooks`,
 * outside production), subscribed to registrations and arrivals, with a believable log: the fair's latest
 * registrations delivered in a few tens of milliseconds, one after a failed try, and an old test event
 * that found the receiver down. New changes made in the demo are delivered there for real.
 */
export async function seedDemoWebhooks(
  tx: Queryable,
  organizationId: number,
  eventId: number,
  owner: number,
  now: Date,
  publicUrl = DEFAULT_PUBLIC_URL,
) {
  const [endpoint] = await tx.query<{ id: number }>(
    `INSERT INTO webhook_endpoints (organization_id, created_by, url, description, events, secret, created_at)
     VALUES ($1, $2, $3, 'CRM (démo)', ARRAY['registration.created', 'registration.confirmed',
       'registration.cancelled', 'checkin.created', 'lead.scanned'], $4, $5) RETURNING id`,
    [
      organizationId,
      owner,
      `${publicUrl.replace(/\/+$/, '')}/_dev/webhooks`,
      `whsec_${randomBytes(32).toString('base64url')}`,
      daysFrom(now, -12),
    ],
  );
  const endpointId = Number(endpoint?.id);
  const people = await tx.query<Record<string, unknown>>(
    `SELECT ${REGISTRATION_EVENT_COLUMNS}
       FROM registrations WHERE event_id = $1 AND erased_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 6`,
    [eventId],
  );
  const deliver = async (
    type: string,
    at: Date,
    data: Record<string, unknown>,
    tries: { status: string; attempts: number; code: number | null; error: string | null; ms: number },
  ) => {
    const id = randomUUID();
    const payload = { id, type, createdAt: at.toISOString(), organizationId, eventId, data };
    await tx.query(
      `INSERT INTO webhook_events (id, organization_id, type, payload, created_at, registration_ids)
       VALUES ($1, $2, $3, $4, $5, webhook_data_registrations($4::jsonb -> 'data'))`,
      [id, organizationId, type, JSON.stringify(payload), at],
    );
    const last = new Date(at.getTime() + (tries.attempts > 1 ? 150_000 : 400));
    await tx.query(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, status, attempts, last_status_code, last_error,
         last_duration_ms, last_attempt_at, delivered_at, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10)`,
      [
        id,
        endpointId,
        tries.status,
        tries.attempts,
        tries.code,
        tries.error,
        tries.ms,
        last,
        tries.status === 'delivered' ? last : null,
        at,
      ],
    );
  };
  await deliver(
    'ping',
    daysFrom(now, -12),
    {},
    {
      status: 'failed',
      attempts: 8,
      code: 502,
      error: null,
      ms: 31,
    },
  );
  for (const [index, person] of people.reverse().entries()) {
    const at = new Date(String(person.created_at));
    const data = registrationEventData(person);
    // the third found the CRM busy once, then went through
    const retried = index === 2;
    await deliver('registration.created', at, data, {
      status: 'delivered',
      attempts: retried ? 2 : 1,
      code: 200,
      error: null,
      ms: 40 + ((index * 37) % 90),
    });
  }
}
