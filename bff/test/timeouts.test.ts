import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeRestUpstream,
  FAKE_USER,
  login,
  type RunningBff,
  redisUrl,
  startBff,
  testConfig,
} from './helpers';

let upstream: Awaited<ReturnType<typeof fakeRestUpstream>>;
beforeAll(async () => {
  upstream = await fakeRestUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

const credentials = { email: FAKE_USER.email, password: 'any-password' };

describe.each([
  ['Redis', redisUrl()],
  ['memory', null],
])('session timeouts (%s store)', (_name, redis) => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(
      testConfig(
        { apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` },
        {
          redisUrl: redis,
          sessionIdleTimeoutMs: 2000,
          sessionTouchIntervalMs: 200,
          sessionAbsoluteTimeoutMs: 5000,
        },
      ),
    );
  });
  afterAll(async () => {
    await bff?.close();
  });

  const get = (cookie: string, path = '/api/organizations') =>
    fetch(`${bff.url}${path}`, { headers: { cookie } });

  it('ends an idle session on the server', async () => {
    const { cookie } = await login(bff.url, credentials);
    expect((await get(cookie)).status).toBe(200);
    await sleep(2600);
    expect((await get(cookie)).status).toBe(401);
    expect((await get(cookie, '/api/auth/me')).status).toBe(401);
  });

  it('keeps an active session alive, until the absolute timeout', async () => {
    const { cookie } = await login(bff.url, credentials);
    const started = Date.now();
    // activity every 300 ms keeps it past the 2 s idle timeout (store TTLs count in seconds)...
    while (Date.now() - started < 3500) {
      expect((await get(cookie)).status).toBe(200);
      await sleep(300);
    }
    expect((await get(cookie, '/api/auth/me')).status).toBe(200);
    // ...but not past the 5 s absolute one
    while (Date.now() - started < 5300) await sleep(100);
    const response = await get(cookie);
    expect(response.status).toBe(401);
  });
});

describe('https mode', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(
      testConfig(
        { apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` },
        { publicUrl: 'https://events.example.org', secure: true, trustProxy: 'loopback' },
      ),
    );
  });
  afterAll(async () => {
    await bff?.close();
  });

  it('sets a __Host- cookie with Secure, HttpOnly, SameSite=Lax, Path=/ and sends HSTS', async () => {
    const { response, cookie } = await login(bff.url, credentials, {
      'x-forwarded-proto': 'https',
      origin: 'https://events.example.org',
    });
    expect(response.status).toBe(200);
    const line = response.headers.getSetCookie()[0]!;
    expect(line).toMatch(/^__Host-sid=/);
    for (const flag of [/; Secure/, /; HttpOnly/, /; SameSite=Lax/, /; Path=\//]) expect(line).toMatch(flag);
    expect(line).not.toMatch(/Domain=/);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const proxied = await fetch(`${bff.url}/api/organizations`, { headers: { cookie } });
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});
