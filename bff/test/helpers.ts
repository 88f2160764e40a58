import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import { DEMO_B2B_KEY } from '@evt/upstream/seed/demo-b2b';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '@evt/upstream/test-helpers';
import pino from 'pino';
import { type AppDeps, createApp, type BffApp } from '../src/app';
import type { AppConfig } from '../src/config/app-config';

export { DEMO_ORGANISER, WEBHOOK_KEY };
export const CSRF = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
export const JSON_WRITE = { 'content-type': 'application/json', ...CSRF };

export const redisUrl = () => process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** One reference upstream per test file (in memory): it takes seconds to start. */
export function startUpstream(): Promise<TestUpstream> {
  return startTestUpstream({ dataDir: 'memory://' });
}

export function testConfig(
  upstream: { apiUrl: string; webhookUrl: string },
  overrides: Partial<AppConfig> = {},
): AppConfig {
  return {
    production: false,
    publicUrl: 'http://localhost:3000',
    secure: false,
    upstreamApiUrl: upstream.apiUrl,
    webhookUrl: upstream.webhookUrl,
    webhookHeaderName: 'x-automation-key',
    webhookHeaderValue: WEBHOOK_KEY,
    outboxUrl: null,
    redisUrl: redisUrl(),
    keyPrefix: `evt-test-${randomBytes(6).toString('hex')}:`,
    sessionSecrets: [randomBytes(32).toString('base64url')],
    sessionIdleTimeoutMs: 30 * 60_000,
    sessionAbsoluteTimeoutMs: 12 * 3_600_000,
    sessionTouchIntervalMs: 60_000,
    memoryStoreMaxEntries: 1000,
    upstreamTimeoutMs: 5000,
    webDistDir: '/nonexistent-web-dist',
    trustProxy: false,
    rateLimitAuthMax: 1000,
    rateLimitApiKeyMax: 600,
    rateLimitWindowMs: 60_000,
    ...overrides,
  };
}

export interface RunningBff {
  url: string;
  bff: BffApp;
  server: Server;
  close(): Promise<void>;
}

/** `deps` for a test that reads the logs (a logger on a capturing stream) or lowers limits. */
export async function startBff(config: AppConfig, deps: AppDeps = {}): Promise<RunningBff> {
  const bff = await createApp(config, { logger: pino({ level: 'silent' }), ...deps });
  const server = createServer(bff.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bff,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await bff.close();
    },
  };
}

/** The `name=value` pairs of a response's Set-Cookie lines, for the next request's Cookie header. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export async function login(
  url: string,
  credentials: { email: string; password: string } = DEMO_ORGANISER,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { ...JSON_WRITE, ...headers },
    body: JSON.stringify({ email: credentials.email, password: credentials.password }),
  });
  return { response, cookie: cookieOf(response), text: await response.text() };
}

/** A local HTTP server whose behaviour the test decides (a hanging upstream, a recording webhook...). */
export async function fakeServer(
  handler: Parameters<typeof createServer>[1],
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const FAKE_USER = {
  id: 7,
  email: 'fake@example.org',
  firstName: 'Fake',
  lastName: 'User',
  emailVerified: true,
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** An organisation and an event as the REST upstream answers them (the BFF parses them with the contract). */
export const fakeOrganization = (id: number, memberType = 'owner') => ({
  id,
  name: `Org ${id}`,
  description: '',
  website: '',
  email: '',
  phone: '',
  country: 'FR',
  image: null,
  memberType,
  createdAt: '2026-01-01T00:00:00.000Z',
});
export const fakeEvent = (id: number, organizationId: number) => ({
  id,
  organizationId,
  name: `Event ${id}`,
  slug: `event-${id}`,
  description: '',
  venue: '',
  city: '',
  country: 'FR',
  startDate: '2026-05-01T09:00:00.000Z',
  endDate: '2026-05-02T18:00:00.000Z',
  languages: ['fr'],
  logo: null,
  status: 'published',
  createdAt: '2026-01-01T00:00:00.000Z',
});

/** A REST upstream that signs anyone in and answers every other call with an empty list (fast to start). */
export function fakeRestUpstream(tokenTtlSeconds = 3600) {
  return fakeServer((req, res) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    if (req.url === '/auth/login') {
      res.end(
        JSON.stringify({
          access_token: `tok-${randomBytes(8).toString('hex')}`,
          token_type: 'bearer',
          expires_in: tokenTtlSeconds,
        }),
      );
    } else if (req.url === '/auth/userinfo') {
      res.end(JSON.stringify(FAKE_USER));
    } else {
      res.end('{"data":[]}');
    }
  });
}

export interface Scope {
  organization: number;
  event: number;
}

/**
 * The first organisation and event of the demo organiser (through the BFF, signed in with `cookie`) and
 * those of the second demo organiser (straight from the upstream): an own and a foreign scope.
 */
export async function ownAndForeignScopes(
  bffUrl: string,
  cookie: string,
  upstream: TestUpstream,
): Promise<{ own: Scope; foreign: Scope }> {
  const get = async (path: string) => (await fetch(`${bffUrl}/api${path}`, { headers: { cookie } })).json();
  const ownOrg = (await get('/organizations')).data[0].id as number;
  const ownEvent = (await get(`/organizations/${ownOrg}/events`)).data[0].id as number;
  const token = await upstream.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  const upstreamGet = async (path: string) => (await upstream.call(path, { token })).json();
  const otherOrg = (await upstreamGet('/organizations')).data[0].id as number;
  const otherEvent = (await upstreamGet(`/organizations/${otherOrg}/events`)).data[0].id as number;
  return {
    own: { organization: ownOrg, event: ownEvent },
    foreign: { organization: otherOrg, event: otherEvent },
  };
}

/**
 * The B2B forum's event id and the personal key of its first demo company (Atlas Industries, whose key is
 * published with the demo data), found as the organiser finds it: the registrations list.
 */
export async function demoB2bCompany(
  bffUrl: string,
  upstream: TestUpstream,
  slug: string,
): Promise<{ eventId: number; demoKey: string }> {
  const forms = await fetch(`${bffUrl}/api/public/events/${slug}/forms`);
  const eventId = ((await forms.json()) as { event: { id: number } }).event.id;
  const rows = await upstream.call(
    `/events/${eventId}/registrations?kind=b2b&q=${encodeURIComponent('Atlas Industries')}`,
    { token: await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password) },
  );
  const id = Math.min(...((await rows.json()) as { data: { id: number }[] }).data.map((r) => r.id));
  return { eventId, demoKey: `${id}-${DEMO_B2B_KEY}` };
}

/** `call(cookie, method, path, body?)` on the BFF's `/api`: the CSRF header on writes, the answer's JSON. */
export function apiCaller(bffUrl: () => string) {
  return async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${bffUrl()}/api${path}`, {
      method,
      headers: { cookie, ...(method === 'GET' ? {} : CSRF), ...(body ? JSON_WRITE : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  };
}

/** The demo fair (`sii-2027`) of the demo organiser's organisation, and another event of it. */
export async function demoFairEvents(bffUrl: string, cookie: string) {
  const call = apiCaller(() => bffUrl);
  const org = (await call(cookie, 'GET', '/organizations')).json.data[0].id;
  const events = (await call(cookie, 'GET', `/organizations/${org}/events`)).json.data as {
    id: number;
    slug: string;
  }[];
  return {
    eventId: events.find((e) => e.slug === 'sii-2027')?.id ?? 0,
    otherEventId: events.find((e) => e.slug !== 'sii-2027')?.id ?? 0,
  };
}
