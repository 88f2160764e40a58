import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryQueue } from '../src/jobs/memory-queue';
import type { JobQueue } from '../src/jobs/queue';
import { startWebhookWorker } from '../src/jobs/webhook-jobs';
import { createUpstreamClient } from '../src/upstream/client';
import { resolveAll } from '../src/webhooks/endpoint-routes';
import {
  apiCaller,
  demoFairEvents,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/**
 * Outgoing webhooks end to end: an owner's endpoint, a change in the product, the job queue's delivery
 * to a receiver on loopback (signed, with the event's id), retries with Retry-After, the delivery log,
 * a redelivery, a secret rotation, a slow receiver.
 */
interface Received {
  /** the endpoint's name (its path) */
  name: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let upstream: TestUpstream;
let bff: RunningBff;
let queue: JobQueue;
let own: string;
let orgId = 0;
let eventId = 0;
let receiver: http.Server;
let origin = '';
const received: Received[] = [];
/** what the receiver answers next (then 200): a status, its Retry-After, a delay before answering */
const answers = new Map<string, { status: number; retryAfter?: string; delayMs?: number }[]>();
const logLines: string[] = [];

const call = apiCaller(() => bff.url);

function verifies(header: string, body: string, secret: string): boolean {
  const parts = header.split(',');
  const t = parts.find((p) => p.startsWith('t='))?.slice(2);
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return parts.some((p) => p === `v1=${expected}`);
}

const deliveriesOf = async (endpointId: number) =>
  (await call(own, 'GET', `/organizations/${orgId}/webhooks/${endpointId}/deliveries`)).json.data as {
    id: number;
    eventId: string;
    type: string;
    status: string;
    attempts: number;
    lastStatusCode: number | null;
    lastError: string | null;
    nextAttemptAt: string | null;
  }[];

/** each endpoint its own path on the receiver, `/hooks/<name>`, with the receiver's token in the query */
const hookUrl = (name: string) => `${origin}/hooks/${name}?token=receiver-token`;
const receivedBy = (name: string) => received.filter((r) => r.name === name);

async function createEndpoint(name: string, events: string[]) {
  const url = hookUrl(name);
  const created = await call(own, 'POST', `/organizations/${orgId}/webhooks`, {
    url,
    events,
    description: 'CRM',
  });
  expect(created.status).toBe(201);
  return created.json as { endpoint: { id: number }; secret: string };
}

/** A confirmed registration of the demo fair not cancelled yet. */
async function aConfirmedRegistration(): Promise<number> {
  const list = await call(own, 'GET', `/events/${eventId}/registrations?status=confirmed&limit=10`);
  return (list.json.data as { id: number }[])[0]?.id ?? 0;
}

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const name = (req.url ?? '').split('?')[0]?.split('/').at(-1) ?? '';
      received.push({ name, headers: req.headers, body });
      const answer = answers.get(name)?.shift() ?? { status: 200 };
      setTimeout(() => {
        if (answer.retryAfter) res.setHeader('retry-after', answer.retryAfter);
        res.writeHead(answer.status).end();
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  upstream = await startUpstream();
  const config = testConfig(upstream);
  bff = await startBff(config);
  own = (await login(bff.url)).cookie;
  orgId = (await call(own, 'GET', '/organizations')).json.data[0].id;
  ({ eventId } = await demoFairEvents(bff.url, own));
  const logger = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        logLines.push(line);
      },
    },
  );
  queue = await createMemoryQueue(logger);
  const client = createUpstreamClient({
    restUrl: upstream.apiUrl,
    webhookUrl: upstream.webhookUrl,
    serviceHeader: { name: 'x-automation-key', value: config.webhookHeaderValue },
    timeoutMs: 5000,
    logger,
  });
  await startWebhookWorker(queue, client, {
    production: false,
    resolve: resolveAll,
    deadlineMs: 400,
    // retries at once unless the receiver asks for a wait: the test follows them without sleeping
    retryBaseSeconds: 0,
    concurrency: 4,
    scanMs: 50,
    logger,
  });
}, 60_000);

afterAll(async () => {
  await queue?.close();
  await bff?.close();
  await upstream?.close();
  receiver?.closeAllConnections();
  receiver?.close();
});

describe('outgoing webhooks', () => {
  it('sends a cancellation, signed, with its stable event id, and logs the delivery', async () => {
    const { endpoint, secret } = await createEndpoint('crm', ['registration.cancelled']);
    expect(secret).toMatch(/^whsec_/);
    const listed = await call(own, 'GET', `/organizations/${orgId}/webhooks`);
    expect(JSON.stringify(listed.json)).not.toContain(secret);
    const registrationId = await aConfirmedRegistration();
    const cancelled = await call(
      own,
      'POST',
      `/events/${eventId}/registrations/${registrationId}/cancel`,
      {},
    );
    expect(cancelled.status).toBe(200);
    await expect.poll(() => receivedBy('crm').length, { timeout: 10_000 }).toBe(1);
    const hit = receivedBy('crm')[0] as Received;
    const event = JSON.parse(hit.body);
    expect(event).toMatchObject({
      type: 'registration.cancelled',
      organizationId: orgId,
      eventId,
      data: { registrationId, status: 'cancelled' },
    });
    expect(hit.headers['evt-event-id']).toBe(event.id);
    expect(verifies(String(hit.headers['evt-signature']), hit.body, secret)).toBe(true);
    expect(verifies(String(hit.headers['evt-signature']), hit.body, 'whsec_another')).toBe(false);
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({
      eventId: event.id,
      type: 'registration.cancelled',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
    // the receiver's token in the query, the secret and the body never reach a log
    const logs = logLines.join('\n');
    expect(logs).toContain('webhook delivered');
    expect(logs).not.toContain('receiver-token');
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(event.data.email);
  });

  it('retries a failing receiver with the same event id, waiting as long as its Retry-After asks', async () => {
    const { endpoint } = await createEndpoint('flaky', ['checkin.created']);
    answers.set('flaky', [{ status: 500 }, { status: 503, retryAfter: '1' }]);
    const ping = await call(own, 'POST', `/organizations/${orgId}/webhooks/${endpoint.id}/ping`, {});
    expect(ping.status).toBe(202);
    await expect.poll(() => receivedBy('flaky').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // after the 503: waiting for its Retry-After, the next try's time in the log
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'retrying', attempts: 2, lastStatusCode: 503 });
    const waiting = (await deliveriesOf(endpoint.id))[0];
    expect(waiting?.nextAttemptAt).not.toBeNull();
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
    const tries = receivedBy('flaky').map((r) => JSON.parse(r.body));
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => t.id)).size).toBe(1);
    expect(tries[0].type).toBe('ping');
    expect((await deliveriesOf(endpoint.id))[0]?.attempts).toBe(3);
  });

  it('records a slow receiver as a timeout and tries again, the request that caused the event long answered', async () => {
    const { endpoint } = await createEndpoint('slow', ['registration.confirmed']);
    // slower than the deadline every time, until it recovers
    answers.set(
      'slow',
      Array.from({ length: 200 }, () => ({ status: 200, delayMs: 2000 })),
    );
    const ping = await call(own, 'POST', `/organizations/${orgId}/webhooks/${endpoint.id}/ping`, {});
    expect(ping.status).toBe(202);
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0], { timeout: 10_000 })
      .toMatchObject({ status: 'retrying', lastError: 'timeout', lastStatusCode: null });
    answers.set('slow', []);
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
  });

  it('sends only the events an enabled endpoint chose', async () => {
    const { endpoint } = await createEndpoint('arrivals', ['checkin.created']);
    const disabled = await createEndpoint('paused', ['registration.cancelled']);
    expect(
      (
        await call(own, 'PATCH', `/organizations/${orgId}/webhooks/${disabled.endpoint.id}`, {
          enabled: false,
        })
      ).status,
    ).toBe(200);
    const registrationId = await aConfirmedRegistration();
    await call(own, 'POST', `/events/${eventId}/registrations/${registrationId}/cancel`, {});
    const rows = await upstream.db.query<{ endpoint_id: number }>(
      `SELECT d.endpoint_id FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id
        WHERE e.type = 'registration.cancelled' AND (e.payload->'data'->>'registrationId')::int = $1`,
      [registrationId],
    );
    const endpoints = rows.map((r) => Number(r.endpoint_id));
    expect(endpoints).not.toContain(endpoint.id);
    expect(endpoints).not.toContain(disabled.endpoint.id);
    expect(endpoints.length).toBeGreaterThan(0);
  });

  it('redelivers an event with its id, and signs with both secrets during a rotation', async () => {
    const { endpoint, secret } = await createEndpoint('rotated', ['registration.erased']);
    await call(own, 'POST', `/organizations/${orgId}/webhooks/${endpoint.id}/ping`, {});
    await expect.poll(() => receivedBy('rotated').length, { timeout: 10_000 }).toBe(1);
    const first = JSON.parse((receivedBy('rotated')[0] as Received).body);
    await expect
      .poll(async () => (await deliveriesOf(endpoint.id))[0]?.status, { timeout: 10_000 })
      .toBe('delivered');
    const rotated = await call(
      own,
      'POST',
      `/organizations/${orgId}/webhooks/${endpoint.id}/rotate-secret`,
      {},
    );
    expect(rotated.status).toBe(200);
    const fresh = rotated.json.secret as string;
    expect(fresh).not.toBe(secret);
    expect(rotated.json.endpoint.previousSecretUntil).not.toBeNull();
    const delivery = (await deliveriesOf(endpoint.id))[0] as { id: number };
    const again = await call(
      own,
      'POST',
      `/organizations/${orgId}/webhooks/${endpoint.id}/deliveries/${delivery.id}/redeliver`,
      {},
    );
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ status: 'pending', attempts: 0 });
    await expect.poll(() => receivedBy('rotated').length, { timeout: 10_000 }).toBe(2);
    const hit = receivedBy('rotated')[1] as Received;
    expect(JSON.parse(hit.body).id).toBe(first.id);
    const signature = String(hit.headers['evt-signature']);
    expect(signature.split(',').filter((p) => p.startsWith('v1='))).toHaveLength(2);
    expect(verifies(signature, hit.body, secret)).toBe(true);
    expect(verifies(signature, hit.body, fresh)).toBe(true);
  });

  it('refuses an address that is not a URL, with the field named', async () => {
    const bad = await call(own, 'POST', `/organizations/${orgId}/webhooks`, {
      url: 'ftp://files.example.com/x',
      events: ['registration.created'],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fieldErrors.url).toEqual(['validation.url']);
    const none = await call(own, 'POST', `/organizations/${orgId}/webhooks`, {
      url: hookUrl('none'),
      events: [],
    });
    expect(none.json.error.details.fieldErrors.events).toEqual(['validation.atLeastOne']);
  });
});
