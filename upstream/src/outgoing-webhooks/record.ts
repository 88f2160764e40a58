import { randomUUID } from 'node:crypto';
import { type WEBHOOK_PING, WEBHOOK_LOG_DAYS, type WebhookEventType } from '@evt/contracts/webhooks';
import { type Queryable, toIso } from '../db/db';

/** Whose event it is: the organisation, or an event of it (its organisation is read from it). */
export type WebhookScope = { organizationId: number } | { eventId: number };

/**
 * Records events for the organisation's endpoints that subscribe to `type`: one event row (its id is the
 * one every endpoint receives) and one delivery per endpoint, which the BFF's job queue sends. Called in
 * the transaction of the change it describes, so an event exists exactly when its change was committed
 * (a transactional outbox). With no endpoint listening, nothing is written; `items` given as a function
 * are read only when one listens.
 */
export async function recordWebhookEvents(
  db: Queryable,
  scope: WebhookScope,
  type: WebhookEventType,
  items: readonly Record<string, unknown>[] | (() => Promise<readonly Record<string, unknown>[]>),
): Promise<void> {
  if (Array.isArray(items) && !items.length) return;
  const organizationId = await organizationOf(db, scope);
  if (organizationId === null) return;
  const listening = await db.query<{ id: number }>(
    'SELECT id FROM webhook_endpoints WHERE organization_id = $1 AND enabled AND $2 = ANY(events)',
    [organizationId, type],
  );
  if (!listening.length) return;
  // items read for the event only once someone listens (a lead's scan is on a hot path)
  const written = typeof items === 'function' ? await items() : items;
  const eventId = 'eventId' in scope ? scope.eventId : null;
  for (const data of written) await insertEvent(db, organizationId, eventId, type, data, null);
}

/** The test event of one endpoint (the console's "send a test event"): returns its delivery's id. */
export async function recordPing(db: Queryable, organizationId: number, endpointId: number): Promise<number> {
  return insertEvent(db, organizationId, null, 'ping' satisfies typeof WEBHOOK_PING, {}, endpointId);
}

async function organizationOf(db: Queryable, scope: WebhookScope): Promise<number | null> {
  if ('organizationId' in scope) return scope.organizationId;
  const rows = await db.query<{ organization_id: number }>(
    'SELECT organization_id FROM events WHERE id = $1',
    [scope.eventId],
  );
  return rows[0] ? Number(rows[0].organization_id) : null;
}

/** One event and its deliveries: to `endpointId` alone, or to every enabled endpoint subscribed to it. */
async function insertEvent(
  db: Queryable,
  organizationId: number,
  eventId: number | null,
  type: string,
  data: Record<string, unknown>,
  endpointId: number | null,
): Promise<number> {
  const id = randomUUID();
  const payload = {
    id,
    type,
    createdAt: new Date().toISOString(),
    organizationId,
    ...(eventId === null ? {} : { eventId }),
    data,
  };
  // whom the event names, for an erasure to find (migration 086)
  await db.query(
    `INSERT INTO webhook_events (id, organization_id, type, payload, registration_ids)
     VALUES ($1, $2, $3, $4, webhook_data_registrations($4::jsonb -> 'data'))`,
    [id, organizationId, type, JSON.stringify(payload)],
  );
  const deliveries = await db.query<{ id: number }>(
    `INSERT INTO webhook_deliveries (event_id, endpoint_id)
     SELECT $1, e.id FROM webhook_endpoints e
      WHERE e.organization_id = $2 AND ($4::int IS NULL AND e.enabled AND $3 = ANY(e.events) OR e.id = $4)
     RETURNING id`,
    [id, organizationId, type, endpointId],
  );
  return Number(deliveries[0]?.id ?? 0);
}

/** The columns `registrationEventData` reads. */
export const REGISTRATION_EVENT_COLUMNS =
  'id, form_id, kind, role, status, email, first_names, last_name, locale, created_at, confirmed_at';

/** What a registration's event says of the person: what a CRM needs, no answers nor files. */
export function registrationEventData(row: Record<string, unknown>): Record<string, unknown> {
  return {
    registrationId: Number(row.id),
    formId: row.form_id === null ? null : Number(row.form_id),
    kind: row.kind,
    role: row.role,
    status: row.status,
    email: row.email,
    firstNames: row.first_names ?? '',
    lastName: row.last_name ?? '',
    locale: row.locale,
    registeredAt: toIso(row.created_at),
    confirmedAt: row.confirmed_at ? toIso(row.confirmed_at) : null,
  };
}

type RegistrationEventType = Extract<WebhookEventType, `registration.${string}`>;

/**
 * A registration's event, with what a CRM needs of the person: read from the row as it is now (call it
 * after the change, in its transaction). An erased registration's event names it by id only.
 */
export async function recordRegistrationEvents(
  db: Queryable,
  type: RegistrationEventType,
  registrationIds: readonly number[],
): Promise<void> {
  if (!registrationIds.length) return;
  const rows = await db.query<Record<string, unknown> & { event_id: number }>(
    `SELECT ${REGISTRATION_EVENT_COLUMNS}, event_id, erased_at IS NOT NULL AS erased
       FROM registrations WHERE id = ANY($1::int[]) ORDER BY id`,
    [[...registrationIds]],
  );
  const byEvent = new Map<number, Record<string, unknown>[]>();
  for (const row of rows) {
    const data =
      type === 'registration.erased' || row.erased
        ? { registrationId: Number(row.id) }
        : registrationEventData(row);
    const eventId = Number(row.event_id);
    byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), data]);
  }
  for (const [eventId, items] of byEvent) await recordWebhookEvents(db, { eventId }, type, items);
}

/** A person's first arrival (not a later scan of theirs, nor an earlier scan moving its time). */
export async function recordCheckinEvent(
  db: Queryable,
  eventId: number,
  registrationId: number,
  checkin: { checked_in_at: Date | string; desk: string | null },
): Promise<void> {
  await recordWebhookEvents(db, { eventId }, 'checkin.created', [
    {
      registrationId,
      checkedInAt: toIso(checkin.checked_in_at),
      desk: checkin.desk,
    },
  ]);
}

/**
 * A stand's first scan of a visitor who agreed to share their details with exhibitors (not a second scan
 * of theirs, nor a batch sent again): the stand, the visitor as a registration's event names them, and
 * who scanned when. Notes and ratings stay the stand's.
 */
export async function recordLeadEvent(
  db: Queryable,
  lead: {
    id: number;
    eventId: number;
    exhibitor: { registrationId: number; name: string };
    visitorId: number;
    scannedAt: string;
    scannedBy: string;
  },
): Promise<void> {
  await recordWebhookEvents(db, { eventId: lead.eventId }, 'lead.scanned', async () => {
    const visitors = await db.query(`SELECT ${REGISTRATION_EVENT_COLUMNS} FROM registrations WHERE id = $1`, [
      lead.visitorId,
    ]);
    return visitors.map((visitor) => ({
      leadId: lead.id,
      exhibitor: lead.exhibitor,
      visitor: registrationEventData(visitor),
      scannedAt: lead.scannedAt,
      scannedBy: lead.scannedBy,
    }));
  });
}

/**
 * An erasure's part in the delivery log: every event naming one of these registrations keeps their ids
 * only (`webhook_data_without_people`, migration 086), so no name, address or answer of an erased person
 * stays in the log, nor goes out in a try still to come.
 */
export async function eraseFromWebhookEvents(
  db: Queryable,
  registrationIds: readonly number[],
): Promise<void> {
  if (!registrationIds.length) return;
  await db.query(
    `UPDATE webhook_events SET payload = jsonb_set(payload, '{data}', webhook_data_without_people(payload -> 'data'))
      WHERE registration_ids && $1::int[]`,
    [[...registrationIds]],
  );
}

/**
 * The delivery log's retention (the hourly retention run): up to `limit` events older than
 * WEBHOOK_LOG_DAYS whose every delivery is delivered or failed go, with their deliveries; an event still
 * to be tried stays until it is done with. Returns how many went.
 */
export async function purgeWebhookLog(db: Queryable, limit: number): Promise<number> {
  const gone = await db.query(
    `DELETE FROM webhook_events WHERE id IN (
       SELECT ev.id FROM webhook_events ev
        WHERE ev.created_at < now() - make_interval(days => $1)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                           WHERE d.event_id = ev.id AND d.status IN ('pending', 'retrying'))
        ORDER BY ev.created_at LIMIT $2)
     RETURNING id`,
    [WEBHOOK_LOG_DAYS, limit],
  );
  return gone.length;
}
