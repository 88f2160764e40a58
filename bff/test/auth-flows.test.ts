import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import { type TestUpstream, waitFor } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_USER,
  fakeServer,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/**
 * Spec section 4, proved through the BFF: user-info failing right after login drops the token and the
 * login fails; a 401 or 403 from user-info ends the session; and the password reset, mail to sign-in.
 */

interface Scripted {
  /** status of /auth/userinfo, by call number (1 = the one inside login) */
  userInfo: (call: number) => number;
  calls: string[];
}

/** An upstream that signs anyone in, answers user-info as scripted and records every call. */
async function scriptedUpstream(script: Scripted) {
  let userInfoCalls = 0;
  return fakeServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    res.setHeader('content-type', 'application/json');
    const token = req.headers.authorization ?? '';
    script.calls.push(`${req.method} ${req.url} ${token}`);
    if (req.url === '/auth/login') {
      res.end(
        JSON.stringify({
          access_token: `tok-${randomBytes(6).toString('hex')}`,
          token_type: 'Bearer',
          expires_in: 3600,
        }),
      );
    } else if (req.url === '/auth/userinfo') {
      const status = script.userInfo(++userInfoCalls);
      res.statusCode = status;
      res.end(status === 200 ? JSON.stringify(FAKE_USER) : '{"error":{"code":"nope"}}');
    } else {
      res.end('{"data":[]}');
    }
  });
}

async function bffOn(script: Scripted) {
  const upstream = await scriptedUpstream(script);
  const bff = await startBff(testConfig({ apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` }));
  return {
    bff,
    async close() {
      await bff.close();
      await upstream.close();
    },
  };
}

const me = (url: string, cookie: string) => fetch(`${url}/api/auth/me`, { headers: { cookie } });

describe('user-info failing right after login', () => {
  for (const status of [500, 401]) {
    it(`(${status}) drops the token upstream and the login fails with errors.generic`, async () => {
      const script: Scripted = { userInfo: () => status, calls: [] };
      const { bff, close } = await bffOn(script);
      try {
        const { response, cookie, text } = await login(bff.url, {
          email: 'a@example.org',
          password: 'pw-123456',
        });
        expect(response.status).toBe(502);
        expect(JSON.parse(text)).toMatchObject({
          error: { code: 'errors.generic', message: 'An error occurred. Please try again later.' },
        });
        // the token the login got is logged out upstream
        const token = /tok-\w+/.exec(script.calls.find((c) => c.startsWith('GET /auth/userinfo')) ?? '')?.[0];
        expect(token).toBeDefined();
        expect(script.calls).toContain(`GET /user/logout Bearer ${token}`);
        // and no session holds it
        expect((await me(bff.url, cookie)).status).toBe(401);
      } finally {
        await close();
      }
    });
  }
});

describe('user-info answering 401 or 403 in a session', () => {
  for (const status of [401, 403]) {
    it(`(${status}) ends the session: this request and the next are 401`, async () => {
      // the login's own user-info call succeeds, every later one answers `status`
      const script: Scripted = { userInfo: (call) => (call === 1 ? 200 : status), calls: [] };
      const { bff, close } = await bffOn(script);
      try {
        const { response, cookie } = await login(bff.url, { email: 'a@example.org', password: 'pw-123456' });
        expect(response.status).toBe(200);
        const first = await me(bff.url, cookie);
        expect(first.status).toBe(401);
        expect(await first.json()).toMatchObject({ error: { code: 'errors.sessionExpired' } });
        const before = script.calls.length;
        const again = await me(bff.url, cookie);
        expect(again.status).toBe(401);
        expect(await again.json()).toMatchObject({ error: { code: 'errors.unauthenticated' } });
        // the session is gone: the BFF did not even ask the upstream
        expect(script.calls.length).toBe(before);
      } finally {
        await close();
      }
    });
  }

  it('(500) keeps the session and serves its copy of the user', async () => {
    const script: Scripted = { userInfo: (call) => (call === 1 ? 200 : 500), calls: [] };
    const { bff, close } = await bffOn(script);
    try {
      const { cookie } = await login(bff.url, { email: 'a@example.org', password: 'pw-123456' });
      const res = await me(bff.url, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ user: { email: FAKE_USER.email } });
    } finally {
      await close();
    }
  });
});

describe('password reset through the BFF', () => {
  let upstream: TestUpstream;
  let bff: RunningBff;
  beforeAll(async () => {
    upstream = await startUpstream();
    bff = await startBff(testConfig(upstream));
  });
  afterAll(async () => {
    await bff?.close();
    await upstream?.close();
  });

  it('mails a link whose code sets a new password; the new one signs in, the old one no longer does', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${bff.url}/api${path}`, { method: 'POST', headers: JSON_WRITE, body: JSON.stringify(body) });
    const before = (await upstream.outbox()).length;
    expect(
      (await post('/auth/forgot-password', { email: DEMO_ORGANISER_2.email, locale: 'en' })).status,
    ).toBe(202);
    // the answer does not wait for the mail: the outbox is read until it is there
    let mail: Awaited<ReturnType<TestUpstream['outbox']>>[number] | undefined;
    const mailed = await waitFor(async () => {
      const outbox = await upstream.outbox();
      mail = outbox.slice(before).findLast((m) => m.to === DEMO_ORGANISER_2.email);
      return mail !== undefined;
    }, 15_000);
    expect(mailed).toBe(true);
    const link = new URL(mail?.links[0] ?? 'http://x/');
    const code = link.searchParams.get('code');
    expect(link.pathname).toMatch(/reset-password$/);
    expect(code).toBeTruthy();

    const password = 'a brand new password 2026';
    const reset = await post('/auth/reset-password', { code, password, confirmPassword: password });
    expect(reset.status).toBe(204);
    // the code is used up
    const replay = await post('/auth/reset-password', { code, password, confirmPassword: password });
    expect(replay.status).toBeGreaterThanOrEqual(400);

    const fresh = await login(bff.url, { email: DEMO_ORGANISER_2.email, password });
    expect(fresh.response.status).toBe(200);
    expect((await me(bff.url, fresh.cookie)).status).toBe(200);
    const old = await login(bff.url, DEMO_ORGANISER_2);
    expect(old.response.status).toBe(401);
    expect(JSON.parse(old.text)).toMatchObject({ error: { code: 'errors.invalidCredentials' } });
  });
});
