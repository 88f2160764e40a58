/**
 * An organisation's API keys (docs/decisions/api.md): a key reaches only its organisation, its scopes and
 * the routes marked key-callable; a revoked key is refused on every instance at once; only owners manage
 * keys; every call is audited and counted; a key is never logged nor answered again after its creation.
 */
import { Writable } from 'node:stream';
import { keyCallableRoutes, keyScopeOf } from '@evt/contracts/api-key-access';
import { createdApiKey } from '@evt/contracts/api-keys';
import { openApiPath } from '@evt/contracts/openapi';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, TEST_PASSWORD } from '@evt/upstream/test-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger';
import {
  JSON_WRITE,
  login,
  fakeServer,
  ownAndForeignScopes,
  type RunningBff,
  redisUrl,
  type Scope,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

let upstream: TestUpstream;
let relay: Awaited<ReturnType<typeof fakeServer>>;
/** what reached the upstream from the second instance, `GET /events/3` */
const reached: string[] = [];
let bff: RunningBff;
let other: RunningBff;
let logs = '';
let owner = '';
let admin = '';
let own: Scope;
let foreign: Scope;
const made: string[] = [];

const createKey = async (scopes: string[], cookie = owner, name = 'Test key') => {
  const answer = await fetch(`${bff.url}/api/organizations/${own.organization}/api-keys`, {
    method: 'POST',
    headers: { ...JSON_WRITE, cookie },
    body: JSON.stringify({ name, scopes }),
  });
  if (answer.status !== 201) return { status: answer.status, key: '', id: 0 };
  const { key, apiKey } = createdApiKey.parse(await answer.json());
  made.push(key);
  return { status: 201, key, id: apiKey.id };
};

/** The BFF's own refusal of a key (the upstream's wall behind it answers another code). */
const refusedByKeyCheck = async (answer: Response) => {
  expect(answer.status).toBe(403);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('errors.apiKeyRefused');
};

const withKey = (key: string, path: string, init: RequestInit = {}, on = bff) =>
  fetch(`${on.url}/api${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${key}` },
  });

beforeAll(async () => {
  upstream = await startUpstream();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += String(chunk);
      done();
    },
  });
  const config = testConfig(upstream, { redisUrl: redisUrl() });
  bff = await startBff(config, { logger: createLogger('debug', stream) });
  relay = await fakeServer(async (req, res) => {
    reached.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      ['content-type', 'authorization', 'x-request-id']
        .filter((name) => typeof req.headers[name] === 'string')
        .map((name) => [name, req.headers[name] as string]),
    );
    const answer = await fetch(`${upstream.apiUrl}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  other = await startBff(
    { ...config, upstreamApiUrl: relay.url, rateLimitApiKeyMax: 30 },
    { logger: createLogger('debug', stream) },
  );
  owner = (await login(bff.url)).cookie;
  ({ own, foreign } = await ownAndForeignScopes(bff.url, owner, upstream));
  // the key's maker is also a member of the other organisation: only the key's organisation rule refuses
  const otherToken = await upstream.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  const ownerToken = await upstream.login('organiser@demo.example', 'demo-organiser-2026');
  await upstream.call(`/organizations/${foreign.organization}/members/invite`, {
    method: 'POST',
    token: otherToken,
    json: {
      email: 'organiser@demo.example',
      memberTypeId: 2,
      url: 'http://localhost:3000/organizations/invite',
    },
  });
  const mail = (await upstream.outbox()).findLast((message) => message.to === 'organiser@demo.example');
  const code = new URL(mail?.links[0] ?? 'http://x').searchParams.get('code') ?? '';
  await upstream.call(`/organizations/add-member?code=${encodeURIComponent(code)}`, {
    method: 'POST',
    token: ownerToken,
  });
  const joined = await upstream.call(`/events/${foreign.event}`, { token: ownerToken });
  expect(joined.status).toBe(200);
  await joinAs(upstream, ownerToken, own.organization, 'admin', 'keys-admin@example.com');
  admin = (await login(bff.url, { email: 'keys-admin@example.com', password: TEST_PASSWORD })).cookie;
});
afterAll(async () => {
  await other?.close();
  await relay?.close();
  await bff?.close();
  await upstream?.close();
});

describe('an API key', () => {
  it('reads its own organisation with its scope, on the fast path and the route adapter', async () => {
    const { key } = await createKey(['event:read', 'registrations:read']);
    expect((await withKey(key, `/events/${own.event}/registrations`)).status).toBe(200);
    expect((await withKey(key, `/organizations/${own.organization}/events`)).status).toBe(200);
    const writer = (await createKey(['registrations:read', 'registrations:write'])).key;
    const list = await withKey(writer, `/events/${own.event}/registrations`);
    const first = ((await list.json()) as { data: { id: number }[] }).data[0]?.id;
    const act = await withKey(writer, `/events/${own.event}/registrations/${first}/cancel`, {
      method: 'POST',
    });
    expect(act.status).toBe(200);
  });

  it("is refused on another organisation's event and organisation routes", async () => {
    const { key } = await createKey(['event:read', 'registrations:read', 'registrations:write']);
    await refusedByKeyCheck(await withKey(key, `/events/${foreign.event}/registrations`));
    await refusedByKeyCheck(await withKey(key, `/events/${foreign.event}`));
    await refusedByKeyCheck(await withKey(key, `/organizations/${foreign.organization}/events`));
    // a route of the adapter (a BFF route): the same check
    await refusedByKeyCheck(
      await withKey(key, `/events/${foreign.event}/registrations/1/resend`, { method: 'POST' }),
    );
  });

  it('gets 403 without the scope the route needs, on both stacks', async () => {
    const { key } = await createKey(['event:read']);
    expect((await withKey(key, `/events/${own.event}`)).status).toBe(200);
    await refusedByKeyCheck(await withKey(key, `/events/${own.event}/registrations`));
    await refusedByKeyCheck(
      await withKey(key, `/events/${own.event}/registrations/1/resend`, { method: 'POST' }),
    );
  });

  it('is refused on a route not marked key-callable', async () => {
    const { key } = await createKey(['event:read', 'registrations:read', 'b2b:manage']);
    await refusedByKeyCheck(await withKey(key, `/events/${own.event}/teams`));
    await refusedByKeyCheck(await withKey(key, `/organizations/${own.organization}/api-keys`));
    const create = await withKey(key, `/organizations/${own.organization}/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from a key', scopes: ['event:read'] }),
    });
    await refusedByKeyCheck(create);
  });

  it('is refused beside a session cookie, and when malformed', async () => {
    const { key } = await createKey(['event:read']);
    const both = await withKey(key, `/events/${own.event}`, { headers: { cookie: owner } });
    expect(both.status).toBe(400);
    expect((await withKey('evt_not-a-key', `/events/${own.event}`)).status).toBe(401);
  });

  it('is refused once revoked, also on an instance that had it cached', async () => {
    const { key, id } = await createKey(['event:read']);
    expect((await withKey(key, `/events/${own.event}`, {}, bff)).status).toBe(200);
    expect((await withKey(key, `/events/${own.event}`, {}, other)).status).toBe(200);
    const revoked = await fetch(`${bff.url}/api/organizations/${own.organization}/api-keys/${id}`, {
      method: 'DELETE',
      headers: { ...JSON_WRITE, cookie: owner },
    });
    expect(revoked.status).toBe(204);
    // the announcement crosses Redis: the other instance drops its copy as soon as it hears it
    await expect.poll(async () => (await withKey(key, `/events/${own.event}`, {}, other)).status).toBe(401);
    expect((await withKey(key, `/events/${own.event}`, {}, bff)).status).toBe(401);
  });

  it('is counted per key: over the limit, 429', async () => {
    const { key } = await createKey(['event:read']);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await withKey(key, `/events/${own.event}`, {}, other)).status);
    expect(statuses).toEqual([...Array<number>(30).fill(200), 429]);
  });

  it('leaves a line in the audit log for each call', async () => {
    const { key } = await createKey(['registrations:read'], owner, 'Audited key');
    expect((await withKey(key, `/events/${own.event}/registrations`)).status).toBe(200);
    const audit = await fetch(`${bff.url}/api/organizations/${own.organization}/audit`, {
      headers: { cookie: owner },
    });
    const lines = (await audit.json()) as { data: { action: string; details: Record<string, unknown> }[] };
    expect(lines.data[0]).toMatchObject({
      action: 'apiKey.used',
      details: { name: 'Audited key', method: 'GET', route: '/events/:id/registrations' },
    });
  });
});

describe('the published API', () => {
  it('lists exactly the key-callable routes, each with its scope, generated from the contracts', async () => {
    const answer = await fetch(`${bff.url}/api/openapi.json`);
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { 'x-required-scope': string }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => `${method.toUpperCase()} ${path} ${operation['x-required-scope']}`,
      ),
    );
    const callable = keyCallableRoutes().map(
      (route) => `${route.method} ${openApiPath(route)} ${keyScopeOf(route)}`,
    );
    expect(listed.sort()).toEqual(callable.sort());
    expect(callable.length).toBeGreaterThan(5);
  });
});

describe('managing keys', () => {
  it('is for owners only: an administrator is refused before anything reaches the upstream', async () => {
    reached.length = 0;
    const base = `${other.url}/api/organizations/${own.organization}/api-keys`;
    const create = await fetch(base, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie: admin },
      body: JSON.stringify({ name: 'Not mine', scopes: ['event:read'] }),
    });
    expect(create.status).toBe(403);
    expect((await fetch(base, { headers: { cookie: admin } })).status).toBe(403);
    const revoke = await fetch(`${base}/1`, { method: 'DELETE', headers: { ...JSON_WRITE, cookie: admin } });
    expect(revoke.status).toBe(403);
    expect(reached.filter((line) => line.includes('/api-keys'))).toEqual([]);
  });

  it('never answers nor logs a key after its creation', async () => {
    const list = await fetch(`${bff.url}/api/organizations/${own.organization}/api-keys`, {
      headers: { cookie: owner },
    });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(made.length).toBeGreaterThan(3);
    for (const key of made) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(key.slice(4, 20));
      expect(logs).not.toContain(key.slice(4));
    }
  });
});
