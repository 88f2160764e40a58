import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CSRF,
  FAKE_USER,
  fakeEvent,
  fakeOrganization,
  fakeServer,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  testConfig,
} from './helpers';

/**
 * "An upstream 401 ends the session", written once (upstream/error-codes.ts `sessionEnded`), on every
 * path: an Express route, the proxy fast path (its stream and its role hook) and the automation gateway.
 * Each time the answer is 401 errors.sessionExpired, it clears the cookie, and the session is gone: the
 * same cookie is refused afterwards even though the upstream accepts the token again.
 */

const ORG = fakeOrganization(5);
const EVENT = fakeEvent(7, 5);

/** while true, the REST upstream refuses every token (it was revoked there) */
let revoked = false;
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

let rest: Awaited<ReturnType<typeof fakeServer>>;
let webhook: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
const webhookCalls: string[] = [];

beforeAll(async () => {
  rest = await fakeServer((req, res) => {
    req.resume();
    const url = req.url ?? '';
    if (url === '/auth/login')
      return send(res, 200, { access_token: 'tok', token_type: 'Bearer', expires_in: 3600 });
    if (url === '/user/logout') return send(res, 204, null);
    if (revoked) return send(res, 401, { error: { code: 'unauthenticated', message: 'token revoked' } });
    if (url === '/auth/userinfo') return send(res, 200, FAKE_USER);
    if (url === '/organizations') return send(res, 200, { data: [ORG] });
    if (url === '/organizations/5') return send(res, 200, ORG);
    if (url === '/events/7') return send(res, 200, EVENT);
    send(res, 404, { error: { code: 'not_found' } });
  });
  webhook = await fakeServer((req, res) => {
    req.resume();
    webhookCalls.push(req.url ?? '');
    send(res, 200, { event: EVENT });
  });
  bff = await startBff(testConfig({ apiUrl: rest.url, webhookUrl: webhook.url }));
});
afterAll(async () => {
  await bff?.close();
  await rest?.close();
  await webhook?.close();
});
beforeEach(() => {
  revoked = false;
  webhookCalls.length = 0;
});

async function signedIn(): Promise<string> {
  const { response, cookie } = await login(bff.url, { email: 'fake@example.org', password: 'x' });
  expect(response.status).toBe(200);
  return cookie;
}

/** The answer ends the session: 401 sessionExpired, the cookie cleared, and the cookie refused after. */
async function expectSessionEnded(response: Response, cookie: string, next: () => Promise<Response>) {
  expect(response.status).toBe(401);
  expect((await response.json()).error.code).toBe('errors.sessionExpired');
  const cleared = response.headers.getSetCookie().find((line) => line.startsWith('sid=;'));
  expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
  expect(cleared).toMatch(/HttpOnly/);
  revoked = false;
  const after = await next();
  expect(after.status).toBe(401);
  expect(cookie).toMatch(/^sid=/);
}

describe('an upstream 401 ends the session', () => {
  it('on an Express route (the selection, read with the user token)', async () => {
    const cookie = await signedIn();
    revoked = true;
    const response = await fetch(`${bff.url}/api/session/selection`, {
      method: 'PUT',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ organizationId: 5 }),
    });
    await expectSessionEnded(response, cookie, () =>
      fetch(`${bff.url}/api/auth/me`, { headers: { cookie } }),
    );
  });

  it('on the fast path (a proxied GET)', async () => {
    const cookie = await signedIn();
    expect((await fetch(`${bff.url}/api/organizations`, { headers: { cookie } })).status).toBe(200);
    revoked = true;
    const response = await fetch(`${bff.url}/api/organizations`, { headers: { cookie } });
    await expectSessionEnded(response, cookie, () =>
      fetch(`${bff.url}/api/organizations`, { headers: { cookie } }),
    );
  });

  it("on the fast path's role check, before anything is forwarded", async () => {
    const cookie = await signedIn();
    revoked = true;
    const response = await fetch(`${bff.url}/api/organizations/5`, {
      method: 'PUT',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ name: 'Renamed' }),
    });
    await expectSessionEnded(response, cookie, () =>
      fetch(`${bff.url}/api/organizations`, { headers: { cookie } }),
    );
  });

  it('on the automation gateway (its membership check), and nothing reaches the webhook', async () => {
    const cookie = await signedIn();
    revoked = true;
    const response = await fetch(`${bff.url}/api/automation/event?id=7`, { headers: { cookie, ...CSRF } });
    await expectSessionEnded(response, cookie, () =>
      fetch(`${bff.url}/api/automation/event?id=7`, { headers: { cookie } }),
    );
    expect(webhookCalls).toEqual([]);
  });
});
