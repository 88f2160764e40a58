import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger';
import {
  CSRF,
  cookieOf,
  FAKE_USER,
  fakeEvent,
  fakeServer,
  JSON_WRITE,
  type RunningBff,
  startBff,
  testConfig,
} from '../helpers';

/**
 * On an upstream failure the BFF logged the upstream URL, with the confirmation token,
 * invitation code, e-mail address or reset code in it. Every route that carries one is driven here while
 * the upstream answers 500, hangs past the timeout or drops the connection, and the BFF's whole log
 * output (pino on a capturing stream, as in production) must hold none of them, but the route patterns.
 */
const secret = (name: string) => `${name}${randomBytes(12).toString('hex')}`;
const CONFIRM_TOKEN = secret('confirm');
const INVITATION_CODE = secret('invite');
const RESET_CODE = secret('reset');
const VERIFY_CODE = secret('verify');
const PASSWORD = secret('Pw-');
const WEBHOOK_VALUE = secret('hook');
/** an exhibitor's lead-scanning link key (48 hex characters, in its header) */
const STAND_KEY = randomBytes(24).toString('hex');
const EMAILS = ['forgot', 'register', 'resend'].map((name) => `${secret(name)}@example.org`);
const accessTokens: string[] = [];

type Mode = 'ok' | 'status500' | 'hang' | 'reset';
let mode: Mode = 'ok';
let upstream: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
let cookie = '';
let logs = '';

/** A REST upstream and webhook that signs in and reads the membership normally, and fails the rest. */
async function failingUpstream() {
  return fakeServer((req, res) => {
    req.resume();
    const url = req.url ?? '';
    const always = url === '/auth/login' || url === '/auth/userinfo' || url === '/events/1';
    if (!always && mode === 'hang') return;
    if (!always && mode === 'reset') return void req.socket.destroy();
    res.setHeader('content-type', 'application/json');
    if (!always && mode === 'status500') {
      res.statusCode = 500;
      return void res.end('{"error":{"code":"boom","message":"failed"}}');
    }
    if (url === '/auth/login') {
      const token = secret('access');
      accessTokens.push(token);
      return void res.end(JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600 }));
    }
    if (url === '/auth/userinfo') return void res.end(JSON.stringify(FAKE_USER));
    if (url === '/user/addUser') {
      res.statusCode = 201;
      return void res.end(JSON.stringify({ id: 99, email: EMAILS[1], verified: false }));
    }
    if (url === '/events/1') return void res.end(JSON.stringify(fakeEvent(1, 1)));
    res.end('{"data":[]}');
  });
}

const post = (path: string, body: unknown) =>
  fetch(`${bff.url}${path}`, { method: 'POST', headers: JSON_WRITE, body: JSON.stringify(body) });
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}${path}`, { headers: { cookie, ...CSRF, ...headers } });

/** Every route that carries a secret to the upstream, in the path, the query or the body. */
const secretCarriers = () => [
  get(`/api/public/registrations/confirm?token=${CONFIRM_TOKEN}`),
  get('/api/invitations/current', { 'x-invitation-code': INVITATION_CODE }),
  get('/api/public/exhibitors/salon/space', { 'x-exhibitor-key': `12-${STAND_KEY}` }),
  fetch(`${bff.url}/api/organizations/add-member`, {
    method: 'POST',
    headers: { cookie, ...CSRF, 'x-invitation-code': INVITATION_CODE },
  }),
  post('/api/auth/forgot-password', { email: EMAILS[0] }),
  post('/api/auth/reset-password', { code: RESET_CODE, password: PASSWORD, confirmPassword: PASSWORD }),
  post('/api/auth/verify-email', { code: VERIFY_CODE }),
  post('/api/auth/register', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: EMAILS[1],
    password: PASSWORD,
    confirmPassword: PASSWORD,
    invitationCode: INVITATION_CODE,
  }),
  post('/api/public/registrations/resend', { email: EMAILS[2], eventSlug: 'salon', kind: 'participant' }),
  // the session's access token (Authorization) and the webhook header value go upstream here
  get('/api/organizations'),
  get('/api/automation/event?id=1'),
];

beforeAll(async () => {
  upstream = await failingUpstream();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += String(chunk);
      done();
    },
  });
  const config = testConfig(
    { apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` },
    { upstreamTimeoutMs: 300, webhookHeaderValue: WEBHOOK_VALUE },
  );
  bff = await startBff(config, { logger: createLogger('debug', stream) });
  const signIn = await post('/api/auth/login', { email: FAKE_USER.email, password: PASSWORD });
  expect(signIn.status).toBe(200);
  cookie = cookieOf(signIn);
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('secrets in logs', () => {
  it.each(['status500', 'hang', 'reset'] as const)(
    'logs no token, code, address or header value when the upstream fails (%s)',
    async (failure) => {
      mode = failure;
      const start = logs.length;
      try {
        for (const answer of await Promise.all(secretCarriers())) {
          // a resend is queued, whoever asks (its timing must not tell who registered): its upstream
          // call fails in the background, and is logged like the others (below)
          if (answer.url.endsWith('/api/public/registrations/resend')) expect(answer.status).toBe(202);
          else expect(answer.status, answer.url).toBeGreaterThanOrEqual(500);
          await answer.body?.cancel();
        }
        await expect
          .poll(() => logs.slice(start).includes('POST /public/registrations/resend'), { timeout: 10_000 })
          .toBe(true);
      } finally {
        mode = 'ok';
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      const written = logs.slice(start);
      const secrets = [
        CONFIRM_TOKEN,
        INVITATION_CODE,
        RESET_CODE,
        VERIFY_CODE,
        PASSWORD,
        WEBHOOK_VALUE,
        STAND_KEY,
        ...accessTokens,
        ...EMAILS,
        ...EMAILS.map(encodeURIComponent),
        cookie.split('=')[1]!,
      ];
      for (const value of secrets) expect(written.includes(value), `${value} in the logs`).toBe(false);
      // the failures are logged, by route pattern and request id
      const lines = written
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      const upstreamLines = lines.filter((line) => String(line.msg).startsWith('upstream'));
      expect(upstreamLines.length).toBeGreaterThanOrEqual(10);
      for (const line of upstreamLines) expect(line.requestId).toEqual(expect.any(String));
      const routes = lines.map((line) => `${line.route ?? ''} ${line.upstream ?? ''}`).join('\n');
      for (const pattern of [
        '/api/public/registrations/confirm',
        'POST /public/registrations/confirm',
        '/api/invitations/current',
        'GET /invitations/:code',
        'GET /invitations/:code/organizations',
        'POST /organizations/add-member',
        'POST /user/sendPasswordResetMail/:email',
        'PUT /user/newPassword/:code',
        'POST /user/verifyEmail/:code',
        '/api/auth/register',
        'POST /public/registrations/resend',
        'POST /public/exhibitors/space/read',
        '/api/organizations',
        '/api/automation/event',
      ]) {
        expect(routes, pattern).toContain(pattern);
      }
    },
  );

  it('counts and logs the BFF’s own routes by their pattern, not as `page`', async () => {
    const login = await post('/api/auth/login', { email: FAKE_USER.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const register = await post('/api/auth/register', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${randomBytes(4).toString('hex')}@example.org`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(register.status).toBe(201);
    const metrics = await bff.bff.metrics.registry.metrics();
    expect(metrics).toMatch(
      /bff_http_requests_total\{route="\/api\/auth\/login",method="POST",status="200"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /bff_http_requests_total\{route="\/api\/auth\/register",method="POST",status="201"\} [1-9]/,
    );
    expect(metrics).not.toContain('route="page"');
    const requests = logs
      .split('\n')
      .filter((line) => line.includes('"msg":"request"'))
      .map((line) => JSON.parse(line) as { route: string; status: number });
    expect(requests).toContainEqual(expect.objectContaining({ route: '/api/auth/register', status: 201 }));
    expect(requests.some((line) => line.route === 'page')).toBe(false);
  });
});
