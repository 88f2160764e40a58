import type { TestUpstream } from '@evt/upstream/test-helpers';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config/app-config';
import {
  CSRF,
  JSON_WRITE,
  login,
  type RunningBff,
  redisUrl,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

let upstream: TestUpstream;
let config: AppConfig;
let a: RunningBff;
let b: RunningBff;
const redis = createClient({ url: redisUrl() });

beforeAll(async () => {
  upstream = await startUpstream();
  // two instances on one Redis, as behind a load balancer
  config = testConfig(upstream);
  a = await startBff(config);
  b = await startBff(config);
  await redis.connect();
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await upstream?.close();
  await redis.close();
});

const sidOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;

describe('login', () => {
  it('keeps the upstream token in Redis and in no response header or body', async () => {
    const { response, cookie, text } = await login(a.url);
    expect(response.status).toBe(200);
    expect(JSON.parse(text).user.email).toBe('organiser@demo.example');
    const stored = await redis.get(keyOf(cookie));
    expect(stored).toBeTruthy();
    const token = JSON.parse(stored!).auth.accessToken as string;
    expect(token.length).toBeGreaterThan(10);
    expect(text).not.toContain(token);
    for (const [, value] of response.headers) expect(value).not.toContain(token);
    // nor through the proxied API or /auth/me
    const me = await fetch(`${a.url}/api/auth/me`, { headers: { cookie } });
    const meText = await me.text();
    expect(me.status).toBe(200);
    expect(meText).not.toContain(token);
    for (const [, value] of me.headers) expect(value).not.toContain(token);
    const orgs = await fetch(`${a.url}/api/organizations`, { headers: { cookie } });
    expect(orgs.status).toBe(200);
    for (const [, value] of orgs.headers) expect(value).not.toContain(token);
  });

  it('changes the session id at login', async () => {
    // a session that exists before login (e.g. planted by an attacker) is not the one signed in
    const first = await login(a.url);
    const second = await login(a.url, undefined, { cookie: first.cookie });
    expect(second.response.status).toBe(200);
    expect(sidOf(second.cookie)).not.toBe(sidOf(first.cookie));
    expect(await redis.exists(keyOf(first.cookie))).toBe(0);
    const old = await fetch(`${a.url}/api/organizations`, { headers: { cookie: first.cookie } });
    expect(old.status).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Lax cookie on path / without Secure over http', async () => {
    const { response } = await login(a.url);
    const line = response.headers.getSetCookie()[0]!;
    expect(line).toMatch(/^sid=/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).not.toMatch(/Secure/);
  });

  it('answers 401 with a field-free error for bad credentials', async () => {
    const response = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ email: 'organiser@demo.example', password: 'wrong-password' }),
    });
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.code).toBe('errors.invalidCredentials');
    expect(body.error.details.requestId).toBe(response.headers.get('x-request-id'));
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('rejects invalid input with the field keys', async () => {
    const response = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ email: 'not-an-email', password: '' }),
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('errors.validation');
    expect(body.error.details.fieldErrors).toEqual({
      email: ['validation.email'],
      password: ['validation.required'],
    });
  });

  it('answers malformed JSON with errors.malformedJson and no stack trace', async () => {
    const response = await fetch(`${a.url}/api/auth/login`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: '{"email":',
    });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('errors.malformedJson');
    expect(text).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});

describe('logout', () => {
  it('makes the old cookie useless, on this instance and on another one', async () => {
    const { cookie } = await login(a.url);
    // both instances accept it (and cache it)
    expect((await fetch(`${a.url}/api/organizations`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${b.url}/api/organizations`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);

    const out = await fetch(`${a.url}/api/auth/logout`, { method: 'POST', headers: { ...CSRF, cookie } });
    expect(out.status).toBe(204);
    expect(await redis.exists(keyOf(cookie))).toBe(0);

    for (const base of [a.url, b.url]) {
      const proxied = await fetch(`${base}/api/organizations`, { headers: { cookie } });
      expect(proxied.status).toBe(401);
      const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(401);
      expect((await me.json()).error.code).toBe('errors.unauthenticated');
    }
  });

  it('answers /auth/me with 401 without a session', async () => {
    const response = await fetch(`${a.url}/api/auth/me`);
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('errors.unauthenticated');
  });
});

describe('selection', () => {
  it('accepts an organisation of the user and an event of it, refuses others', async () => {
    const { cookie } = await login(a.url);
    const put = (body: unknown) =>
      fetch(`${a.url}/api/session/selection`, {
        method: 'PUT',
        headers: { ...JSON_WRITE, cookie },
        body: JSON.stringify(body),
      });
    const orgs = await (await fetch(`${a.url}/api/organizations`, { headers: { cookie } })).json();
    const orgId = orgs.data[0].id as number;
    const events = await (
      await fetch(`${a.url}/api/organizations/${orgId}/events`, { headers: { cookie } })
    ).json();
    const eventId = events.data[0].id as number;

    const ok = await put({ organizationId: orgId, eventId });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ organizationId: orgId, eventId, commissionId: null });
    const me = await (await fetch(`${b.url}/api/auth/me`, { headers: { cookie } })).json();
    expect(me.selection).toEqual({ organizationId: orgId, eventId, commissionId: null });

    // the second demo organiser's organisation is not this user's
    const other = await put({ organizationId: 999_999 });
    expect([403, 404]).toContain(other.status);
    const bad = await put({ organizationId: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.details.fieldErrors.organizationId).toEqual(['validation.invalidInput']);
  });

  it('is cleared by a new login', async () => {
    const first = await login(a.url);
    const orgs = await (
      await fetch(`${a.url}/api/organizations`, { headers: { cookie: first.cookie } })
    ).json();
    await fetch(`${a.url}/api/session/selection`, {
      method: 'PUT',
      headers: { ...JSON_WRITE, cookie: first.cookie },
      body: JSON.stringify({ organizationId: orgs.data[0].id }),
    });
    const again = await login(a.url, undefined, { cookie: first.cookie });
    expect(JSON.parse(again.text).selection).toEqual({
      organizationId: null,
      eventId: null,
      commissionId: null,
    });
  });
});

function keyOf(cookie: string): string {
  return `${config.keyPrefix}sess:${sidOf(cookie)}`;
}
