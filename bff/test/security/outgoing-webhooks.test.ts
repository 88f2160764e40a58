/**
 * Outgoing webhooks (docs/decisions/webhooks.md): only an organisation's owners, in person, see and
 * manage its endpoints and their delivery logs; another organisation's owner reaches none of it by any id;
 * an API key, whatever its scopes, manages none; in production an endpoint leading to a private network
 * is refused when saved and again when delivered, with no request sent.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createdApiKey } from '@evt/contracts/api-keys';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, TEST_PASSWORD } from '@evt/upstream/test-members';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/http/http-error';
import { createUpstreamClient } from '../../src/upstream/client';
import { webhookEndpointHandlers } from '../../src/webhooks/endpoint-routes';
import { sendWebhook } from '../../src/webhooks/send';
import type { Resolve } from '../../src/webhooks/target-check';
import type { RouteContext } from '../../src/routes/context';
import {
  apiCaller,
  JSON_WRITE,
  login,
  ownAndForeignScopes,
  type RunningBff,
  type Scope,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

let upstream: TestUpstream;
let bff: RunningBff;
let owner = '';
let admin = '';
let otherOwner = '';
let own: Scope;
let foreign: Scope;
let endpointId = 0;
let deliveryId = 0;
let receiver: http.Server;
let hits = 0;
let origin = '';

const call = apiCaller(() => bff.url);
const table: Record<string, string[]> = {
  'internal.example.com': ['10.1.2.3'],
  'hooks.example.com': ['93.184.216.34'],
};
const resolve: Resolve = async (host) => {
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};

beforeAll(async () => {
  receiver = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200).end();
  });
  await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  owner = (await login(bff.url)).cookie;
  otherOwner = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  ({ own, foreign } = await ownAndForeignScopes(bff.url, owner, upstream));
  const ownerToken = await upstream.login('organiser@demo.example', 'demo-organiser-2026');
  await joinAs(upstream, ownerToken, own.organization, 'admin', 'hooks-admin@example.com');
  admin = (await login(bff.url, { email: 'hooks-admin@example.com', password: TEST_PASSWORD })).cookie;
  const created = await call(owner, 'POST', `/organizations/${own.organization}/webhooks`, {
    url: `${origin}/hook`,
    events: ['registration.created'],
  });
  expect(created.status).toBe(201);
  endpointId = created.json.endpoint.id;
  const ping = await call(
    owner,
    'POST',
    `/organizations/${own.organization}/webhooks/${endpointId}/ping`,
    {},
  );
  expect(ping.status).toBe(202);
  deliveryId = ping.json.id;
}, 90_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
  receiver?.close();
});

describe('webhook endpoints', () => {
  it("are another organisation's owner's to see or touch under no id", async () => {
    const base = `/organizations/${own.organization}/webhooks`;
    expect((await call(otherOwner, 'GET', base)).status).toBe(403);
    expect((await call(otherOwner, 'GET', `${base}/${endpointId}/deliveries`)).status).toBe(403);
    // through their own organisation's path, the endpoint and its deliveries are not found
    const theirs = `/organizations/${foreign.organization}/webhooks/${endpointId}`;
    expect((await call(otherOwner, 'GET', `${theirs}/deliveries`)).status).toBe(404);
    expect((await call(otherOwner, 'POST', `${theirs}/deliveries/${deliveryId}/redeliver`, {})).status).toBe(
      404,
    );
    expect((await call(otherOwner, 'POST', `${theirs}/rotate-secret`, {})).status).toBe(404);
    expect((await call(otherOwner, 'PATCH', theirs, { enabled: false })).status).toBe(404);
    expect((await call(otherOwner, 'DELETE', theirs)).status).toBe(404);
    const listed = await call(otherOwner, 'GET', `/organizations/${foreign.organization}/webhooks`);
    expect(listed.json.data.map((e: { id: number }) => e.id)).not.toContain(endpointId);
  });

  it("are an administrator's neither (owners only)", async () => {
    const base = `/organizations/${own.organization}/webhooks`;
    expect((await call(admin, 'GET', base)).status).toBe(403);
    expect(
      (await call(admin, 'POST', base, { url: `${origin}/x`, events: ['checkin.created'] })).status,
    ).toBe(403);
    expect((await call(admin, 'GET', `${base}/${endpointId}/deliveries`)).status).toBe(403);
  });

  it('are managed by no API key, whatever its scopes', async () => {
    const made = await fetch(`${bff.url}/api/organizations/${own.organization}/api-keys`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie: owner },
      body: JSON.stringify({
        name: 'Everything',
        scopes: ['event:read', 'registrations:read', 'registrations:write', 'checkin:scan', 'b2b:manage'],
      }),
    });
    const { key } = createdApiKey.parse(await made.json());
    const withKey = (method: string, path: string, body?: unknown) =>
      fetch(`${bff.url}/api/organizations/${own.organization}/webhooks${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    expect((await withKey('GET', '')).status).toBe(403);
    expect((await withKey('POST', '', { url: `${origin}/k`, events: ['checkin.created'] })).status).toBe(403);
    expect((await withKey('GET', `/${endpointId}/deliveries`)).status).toBe(403);
    // and straight at the upstream, the key is refused too
    const direct = await fetch(`${upstream.apiUrl}/organizations/${own.organization}/webhooks`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(direct.status).toBe(403);
  });

  it('never answer a secret again after its creation or rotation', async () => {
    const rotated = await call(
      owner,
      'POST',
      `/organizations/${own.organization}/webhooks/${endpointId}/rotate-secret`,
      {},
    );
    const secret = rotated.json.secret as string;
    expect(secret).toMatch(/^whsec_/);
    const listed = await call(owner, 'GET', `/organizations/${own.organization}/webhooks`);
    const log = await call(
      owner,
      'GET',
      `/organizations/${own.organization}/webhooks/${endpointId}/deliveries`,
    );
    expect(JSON.stringify(listed.json) + JSON.stringify(log.json)).not.toContain('whsec_');
  });
});

describe('in production, an endpoint on a private network', () => {
  const production = (): RouteContext =>
    ({
      config: { ...testConfig(upstream), production: true },
      upstream: undefined,
    }) as unknown as RouteContext;
  const caller = { requestId: 'test' } as never;

  it('is refused when saved: http, a private address, a name resolving to one', async () => {
    const handlers = webhookEndpointHandlers(production(), resolve);
    for (const url of [
      'http://hooks.example.com/hook',
      'https://10.0.0.7/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://internal.example.com/hook',
    ]) {
      const attempt = handlers.create({
        params: { id: own.organization },
        body: { url, description: '', events: ['checkin.created'] },
        caller,
      } as never);
      await expect(attempt).rejects.toBeInstanceOf(HttpError);
      await expect(attempt).rejects.toMatchObject({
        status: 400,
        details: { fieldErrors: { url: ['validation.webhookTarget'] } },
      });
    }
  });

  it('is refused again when delivered (its name may resolve elsewhere by then), with no request sent', async () => {
    // saved while it resolved to a public address; it now resolves to a private one
    await upstream.db.query('UPDATE webhook_endpoints SET url = $2 WHERE id = $1', [
      endpointId,
      'https://internal.example.com/hook',
    ]);
    const rows = await upstream.db.query<{ round: number; attempts: number }>(
      'SELECT round, attempts FROM webhook_deliveries WHERE id = $1',
      [deliveryId],
    );
    const row = rows[0] as { round: number; attempts: number };
    const before = hits;
    const logger = pino({ level: 'silent' });
    await sendWebhook(
      { deliveryId, round: Number(row.round), attempt: Number(row.attempts) + 1 },
      {
        upstream: createUpstreamClient({
          restUrl: upstream.apiUrl,
          webhookUrl: upstream.webhookUrl,
          serviceHeader: { name: 'x-automation-key', value: testConfig(upstream).webhookHeaderValue },
          timeoutMs: 5000,
          logger,
        }),
        production: true,
        resolve,
        deadlineMs: 1000,
        retryBaseSeconds: 30,
        requestId: () => 'test',
        logger,
      },
    );
    expect(hits).toBe(before);
    const log = await call(
      owner,
      'GET',
      `/organizations/${own.organization}/webhooks/${endpointId}/deliveries`,
    );
    expect(log.json.data.find((d: { id: number }) => d.id === deliveryId)).toMatchObject({
      status: 'retrying',
      lastError: 'refusedTarget',
      lastStatusCode: null,
    });
  });
});
