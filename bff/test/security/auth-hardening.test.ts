import { randomBytes } from 'node:crypto';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PrivateRedis, startPrivateRedis } from '../../../scripts/lib/redis.mjs';
import {
  DEMO_ORGANISER,
  JSON_WRITE,
  type RunningBff,
  redisUrl,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

// Authentication routes under a failing Redis, account enumeration at sign-up, headers.

let upstream: TestUpstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(async () => {
  await upstream?.close();
});

const WRONG = { email: DEMO_ORGANISER.email, password: 'not-the-password-0' };

/** What a client can compare between two answers: status, error code and message (request ids differ). */
async function outcome(response: Response) {
  const body = (await response.json().catch(() => null)) as { error?: { code: string; message: string } };
  return { status: response.status, code: body?.error?.code, message: body?.error?.message };
}

const post = (url: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, { method: 'POST', headers: JSON_WRITE, body: JSON.stringify(body) });

describe('a Redis that hangs (SIGSTOP: connections open, no answer)', () => {
  let redis: PrivateRedis;
  let bff: RunningBff;
  const pause = (paused: boolean) => process.kill(redis.pid!, paused ? 'SIGSTOP' : 'SIGCONT');

  beforeAll(async () => {
    redis = await startPrivateRedis();
    bff = await startBff(testConfig(upstream, { redisUrl: redis.url, rateLimitAuthMax: 5 }));
    pause(true);
  });
  afterAll(async () => {
    if (redis) pause(false);
    await bff?.close();
    await redis?.stop();
  });

  it('refuses sign-in attempts (503 with Retry-After) instead of answering them uncounted', async () => {
    // the attack: 25 wrong passwords while the limit cannot count were all answered 401, none 429
    const answers = await Promise.all(
      Array.from({ length: 25 }, () => post(bff.url, '/api/auth/login', WRONG)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await outcome(answer)).code).toBe('errors.rateLimitUnavailable');
    }
  });

  it('answers the right password exactly like a wrong one', async () => {
    const right = await outcome(await post(bff.url, '/api/auth/login', DEMO_ORGANISER));
    const wrong = await outcome(await post(bff.url, '/api/auth/login', WRONG));
    expect(right).toEqual(wrong);
    expect(right.status).toBe(503);
  });

  it('refuses registration and the password and code routes too', async () => {
    const routes: [string, unknown][] = [
      [
        '/api/auth/register',
        {
          firstName: 'A',
          lastName: 'B',
          email: 'new@example.org',
          password: 'Long-enough-password-1',
          confirmPassword: 'Long-enough-password-1',
        },
      ],
      ['/api/auth/forgot-password', { email: DEMO_ORGANISER.email }],
      [
        '/api/auth/reset-password',
        {
          code: 'x'.repeat(20),
          password: 'Long-enough-password-1',
          confirmPassword: 'Long-enough-password-1',
        },
      ],
      ['/api/auth/verify-email', { code: 'x'.repeat(20) }],
    ];
    for (const [path, body] of routes) {
      const answer = await post(bff.url, path, body);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after'), path).not.toBeNull();
    }
  });
});

describe('a Redis that counts attempts but refuses to store sessions', () => {
  // an ACL user that may write the rate-limit keys only: PING and the limiter work, session writes fail
  const user = `evt-test-${randomBytes(4).toString('hex')}`;
  const secret = randomBytes(16).toString('hex');
  let admin: ReturnType<typeof createClient>;
  let bff: RunningBff;

  beforeAll(async () => {
    admin = createClient({ url: redisUrl() });
    await admin.connect();
    const config = testConfig(upstream);
    await admin.sendCommand([
      'ACL',
      'SETUSER',
      user,
      'on',
      `>${secret}`,
      '+@all',
      '&*',
      `~${config.keyPrefix}rl:*`,
    ]);
    const url = new URL(redisUrl());
    url.username = user;
    url.password = secret;
    bff = await startBff({ ...config, redisUrl: url.toString() });
  });
  afterAll(async () => {
    await bff?.close();
    await admin?.sendCommand(['ACL', 'DELUSER', user]);
    await admin?.close();
  });

  it('gives the right and a wrong password the same answer', async () => {
    const right = await outcome(await post(bff.url, '/api/auth/login', DEMO_ORGANISER));
    const wrong = await outcome(await post(bff.url, '/api/auth/login', WRONG));
    expect(right).toEqual(wrong);
    expect(right).toMatchObject({ status: 503, code: 'errors.sessionStoreUnavailable' });
  });
});

describe('sign-up with an address that has an account', () => {
  let bff: RunningBff;
  beforeAll(async () => {
    bff = await startBff(testConfig(upstream));
  });
  afterAll(async () => {
    await bff?.close();
  });

  const signUp = (email: string) =>
    post(bff.url, '/api/auth/register', {
      firstName: 'Eve',
      lastName: 'Prober',
      email,
      password: 'Probing-password-42',
      confirmPassword: 'Probing-password-42',
      locale: 'en',
    });

  it('answers exactly as for a new address, and mails the owner instead', async () => {
    const fresh = `fresh-${randomBytes(4).toString('hex')}@example.org`;
    const forNew = await signUp(fresh);
    const forTaken = await signUp(DEMO_ORGANISER.email);
    expect(forTaken.status).toBe(forNew.status);
    expect(await forTaken.json()).toEqual({ ...(await forNew.json()), email: DEMO_ORGANISER.email });

    const mail = (await upstream.outbox()).find((m) => m.to === DEMO_ORGANISER.email);
    // in the owner's language (the demo organiser's account is French), not the prober's
    expect(mail?.subject).toBe('Tentative de création de compte avec votre adresse');
    expect(mail?.links).toContain('http://localhost:3000/auth/login');
    // and the account is untouched
    expect((await post(bff.url, '/api/auth/login', DEMO_ORGANISER)).status).toBe(200);
  });
});

describe('headers of the BFF answers', () => {
  let bff: RunningBff;
  let cookie: string;
  beforeAll(async () => {
    bff = await startBff(testConfig(upstream));
    const signedIn = await post(bff.url, '/api/auth/login', DEMO_ORGANISER);
    cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
  });
  afterAll(async () => {
    await bff?.close();
  });

  const expectHardened = (response: Response, what: string, cache: string | null = 'no-store') => {
    const policy = response.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy, what).toContain(`${feature}=()`);
    }
    if (cache) expect(response.headers.get('cache-control'), what).toBe(cache);
  };

  it('denies browser features and caching on the BFF JSON answers, errors included', async () => {
    const put = (path: string, body: unknown, headers: Record<string, string>) =>
      fetch(`${bff.url}${path}`, {
        method: 'PUT',
        headers: { ...JSON_WRITE, ...headers },
        body: JSON.stringify(body),
      });
    const answers: [string, Response][] = [
      ['login', await post(bff.url, '/api/auth/login', DEMO_ORGANISER)],
      ['login refused', await post(bff.url, '/api/auth/login', WRONG)],
      ['me', await fetch(`${bff.url}/api/auth/me`, { headers: { cookie } })],
      ['me signed out', await fetch(`${bff.url}/api/auth/me`)],
      ['selection', await put('/api/session/selection', { organizationId: null }, { cookie })],
      ['unknown /api route', await fetch(`${bff.url}/api/no-such-route`)],
      ['proxied, signed out (fast path)', await fetch(`${bff.url}/api/organizations`)],
      ['proxied (fast path)', await fetch(`${bff.url}/api/organizations`, { headers: { cookie } })],
    ];
    for (const [what, response] of answers) {
      expect(response.status, what).toBeLessThan(500);
      expectHardened(response, what);
    }
  });

  it('sends the Permissions-Policy with the pages too', async () => {
    // the SPA is not built in tests: the page answer is the 503 "not built" one, with the same headers
    expectHardened(await fetch(`${bff.url}/en/events`), 'page', null);
  });
});
