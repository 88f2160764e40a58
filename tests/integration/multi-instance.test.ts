import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { allRoutes } from '@evt/contracts/routes';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BffProcess, privateRedis, startBffProcess, stubUpstream } from './support/processes';

/**
 * Two BFF processes on one private Redis, in front of a recording stub upstream, run as production runs
 * them (https behind a trusted proxy: the test plays the proxy with X-Forwarded-* headers). Processes are
 * shared by every case; the Redis fault and the SIGTERM drain come last.
 */
const SESSION_SECRET = randomBytes(32).toString('base64url');
const WEBHOOK_SECRET = `hook-${randomBytes(16).toString('hex')}`;
const PASSWORD = `Pw-${randomBytes(8).toString('hex')}`;
const RATE_MAX = 5;
const METRICS_TOKEN = randomBytes(32).toString('base64url');
/** production serves /metrics only to the bearer of METRICS_TOKEN */
const scrape = async (url: string) =>
  (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();

let redis: Awaited<ReturnType<typeof privateRedis>>;
let stub: Awaited<ReturnType<typeof stubUpstream>>;
let a: BffProcess;
let b: BffProcess;
const cookiesSeen: string[] = [];
/** codes, tokens and addresses sent through routes that carry them while the upstream failed */
const probes: string[] = [];

let ipCounter = 10;
/** a client address of its own per case: the rate limits count per address */
const newIp = () => `198.51.100.${ipCounter++}`;
const proxyHeaders = (ip: string) => ({ 'x-forwarded-for': ip, 'x-forwarded-proto': 'https' });
const WRITE = { 'content-type': 'application/json', 'x-requested-with': 'evt-spa' };

function bffEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://bff.example',
    TRUST_PROXY: 'loopback',
    UPSTREAM_API_URL: stub.url,
    AUTOMATION_WEBHOOK_URL: `${stub.url}/webhook`,
    AUTOMATION_WEBHOOK_HEADER_VALUE: WEBHOOK_SECRET,
    REDIS_URL: redis.url,
    SESSION_SECRET,
    METRICS_TOKEN,
    RATE_LIMIT_AUTH_MAX: String(RATE_MAX),
    UPSTREAM_TIMEOUT_MS: '1500',
    HTTP_HEADERS_TIMEOUT_MS: '1500',
    HTTP_REQUEST_TIMEOUT_MS: '3000',
    SHUTDOWN_GRACE_MS: '5000',
  };
}

async function login(url: string, ip = newIp()) {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { ...WRITE, ...proxyHeaders(ip) },
    body: JSON.stringify({ email: 'ops@example.org', password: PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  if (cookie) cookiesSeen.push(cookie.split('=')[1]!);
  return { response, cookie, ip, setCookie: response.headers.getSetCookie() };
}

const get = (url: string, path: string, cookie = '', ip = newIp()) =>
  fetch(`${url}${path}`, { headers: { cookie, ...proxyHeaders(ip) } });

/** A request with its path sent exactly as written (fetch would normalise `..` and `//`). */
function raw(url: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, headers: { ...proxyHeaders(newIp()), ...headers } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  redis = await privateRedis();
  stub = await stubUpstream();
  [a, b] = await Promise.all([startBffProcess(bffEnv()), startBffProcess(bffEnv())]);
}, 120_000);

afterAll(async () => {
  for (const process of [a, b]) process?.kill('SIGKILL');
  await stub?.close();
  await redis?.stop();
});

describe('two BFF instances on one Redis', () => {
  it('signs in through one and keeps working through the other, with the request id passed upstream', async () => {
    const { response, cookie, setCookie } = await login(a.url);
    expect(response.status).toBe(200);
    // https mode behind a trusted proxy: the __Host- cookie with every flag
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/^__Host-sid=/);
    expect(setCookie[0]).toMatch(/; Path=\//);
    expect(setCookie[0]).toMatch(/; HttpOnly/);
    expect(setCookie[0]).toMatch(/; Secure/);
    expect(setCookie[0]).toMatch(/; SameSite=Lax/);
    expect(setCookie[0]).not.toMatch(/Domain=/i);

    const answer = await get(b.url, '/api/organizations', cookie);
    expect(answer.status).toBe(200);
    const id = answer.headers.get('x-request-id');
    expect(id).toBeTruthy();
    const upstream = stub.recorded.findLast((r) => r.url === '/organizations');
    expect(upstream?.headers['x-request-id']).toBe(id);
    expect(upstream?.headers.authorization).toMatch(/^Bearer stub-token-/);
    expect(upstream?.headers.cookie).toBeUndefined();
  });

  it('refuses the old cookie on one instance after a logout through the other', async () => {
    const { cookie } = await login(a.url);
    expect((await get(a.url, '/api/organizations', cookie)).status).toBe(200);
    expect((await get(b.url, '/api/organizations', cookie)).status).toBe(200);
    const out = await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { ...WRITE, cookie, ...proxyHeaders(newIp()) },
    });
    expect(out.status).toBeLessThan(300);
    expect((await get(a.url, '/api/organizations', cookie)).status).toBe(401);
    expect((await get(a.url, '/api/auth/me', cookie)).status).toBe(401);
  });

  it('counts the sign-in rate limit across both instances', async () => {
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < RATE_MAX + 2; i++) {
      statuses.push((await login(i % 2 === 0 ? a.url : b.url, ip)).response.status);
    }
    expect(statuses.slice(0, RATE_MAX).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(RATE_MAX)).toEqual([429, 429]);
  });

  it('loses no session data when two requests of one session write at once', async () => {
    const { cookie } = await login(a.url);
    stub.state.delayMs = 300;
    try {
      const [selection, credentials] = await Promise.all([
        fetch(`${a.url}/api/session/selection`, {
          method: 'PUT',
          headers: { ...WRITE, cookie, ...proxyHeaders(newIp()) },
          body: JSON.stringify({ organizationId: 1 }),
        }),
        get(b.url, '/api/organizations/2/credentials', cookie),
      ]);
      expect(selection.status).toBe(200);
      expect(credentials.status).toBe(200);
    } finally {
      stub.reset();
    }
    const sid = decodeURIComponent(cookie.split('=')[1]!).slice(2).split('.')[0]!;
    const client = createClient({ url: redis.url });
    await client.connect();
    const stored = JSON.parse((await client.get(`evt:sess:${sid}`))!);
    await client.close();
    expect(stored.selection.organizationId).toBe(1);
    // the owners-only route records the caller's member type in organisation 2 (bff/src/routes/roles.ts)
    expect(Object.keys(stored.orgRoles)).toContain('2');
    // and the session still works everywhere
    const me = await (await get(b.url, '/api/auth/me', cookie)).json();
    expect(me.selection.organizationId).toBe(1);
  });
});

describe('bad input', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await login(a.url)).cookie;
  });

  it('answers 413 to an over-limit body, 400 to malformed JSON, 404 JSON to unknown /api routes', async () => {
    const big = await fetch(`${a.url}/api/session/selection`, {
      method: 'PUT',
      headers: { ...WRITE, cookie, ...proxyHeaders(newIp()) },
      body: JSON.stringify({ organizationId: 1, padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).error.code).toBe('errors.payloadTooLarge');

    const broken = await fetch(`${a.url}/api/session/selection`, {
      method: 'PUT',
      headers: { ...WRITE, cookie, ...proxyHeaders(newIp()) },
      body: '{"organizationId": 1,',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).error.code).toBe('errors.malformedJson');

    for (const path of ['/api/nope', '/api/organizations/1/nope/deeper', '/api/admin']) {
      const answer = await get(a.url, path, cookie);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      expect((await answer.json()).error.code).toBe('errors.routeNotFound');
    }
  });

  it('never lets a path trick reach an upstream path outside the allowlist', async () => {
    const before = stub.recorded.length;
    const tricks = [
      '/api/../admin',
      '/api/organizations/../../admin',
      '/api/organizations/..%2F..%2Fadmin',
      '/api/organizations/1%2F..%2F..%2Fadmin',
      '/api/organizations/%2e%2e',
      '/api//organizations',
      '//api/organizations',
      '/api/organizations//1',
      '/api/organizations/1/..',
      '/api/%2e%2e/%2e%2e/etc/passwd',
      '/api/organizations%2F1',
      '/api/organizations/1%00',
    ];
    for (const path of tricks) {
      const answer = await raw(a.url, path, { cookie });
      expect(answer.status, path).toBeLessThan(500);
      // `//api/...` is not an /api path at all: the SPA's page answers it
      if (answer.status < 400) expect(answer.body, path).toContain('<div id="root">');
    }
    const allowed = allRoutes()
      .filter((route) => route.kind === 'proxy')
      .map(
        (route) => new RegExp(`^${(route.upstreamPath ?? route.path).replace(/:\w+/g, '[A-Za-z0-9_-]+')}$`),
      );
    // the BFF's own background calls (scans, reminders, retention, B2B links: request id `jobs-…`)
    // are not the browser's
    const fromBrowser = stub.recorded
      .slice(before)
      .filter((r) => !String(r.headers['x-request-id']).startsWith('jobs-'));
    for (const request of fromBrowser) {
      const path = request.url.split('?')[0]!;
      expect(
        allowed.some((pattern) => pattern.test(path)),
        path,
      ).toBe(true);
    }
  });

  it('cuts oversized headers and clients too slow to send theirs', async () => {
    const huge = await fetch(`${a.url}/healthz`, { headers: { 'x-big': 'y'.repeat(20_000) } }).then(
      (r) => r.status,
      () => 'closed',
    );
    expect([431, 'closed']).toContain(huge);

    const { port } = new URL(a.url);
    const closed = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
        // ...and never the end of the head
      });
      let answer = '';
      socket.on('data', (chunk) => {
        answer += chunk;
      });
      socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
      socket.on('error', () => {});
      setTimeout(() => {
        socket.destroy();
        resolve('still open');
      }, 15_000).unref();
    });
    expect(closed).not.toBe('still open');
    expect(closed === '' || closed.includes('408')).toBe(true);
  });
});

describe('upstream faults', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = (await login(a.url)).cookie;
  });

  const cases = [
    ['refuses connections', 'refuse', 502, 'errors.connection'],
    ['hangs past the timeout', 'hang', 504, 'errors.upstreamTimeout'],
    ['answers 500', 'status500', 502, 'errors.generic'],
    ['answers malformed JSON', 'malformed', 502, 'errors.generic'],
  ] as const;

  it.each(cases)('REST upstream %s: a clean JSON error', async (_name, mode, status, code) => {
    stub.state.mode = mode;
    try {
      for (const url of [a.url, b.url]) {
        const answer = await get(url, '/api/organizations', cookie);
        expect(answer.status).toBe(status);
        const body = await answer.json();
        expect(body.error.code).toBe(code);
        expect(JSON.stringify(body)).not.toContain('stack trace');
      }
    } finally {
      stub.reset();
    }
  });

  it.each(cases)('webhook service %s: a clean JSON error', async (_name, mode, status, code) => {
    // the caller's rights in event 3 are checked (and remembered) first, while the stub still answers
    const ok = await get(a.url, '/api/automation/event?id=3', cookie);
    expect(ok.status).toBe(200);
    const hook = stub.recorded.findLast((r) => r.url.startsWith('/webhook/event?'));
    expect(hook?.headers['x-request-id']).toBe(ok.headers.get('x-request-id'));
    expect(hook?.headers['x-automation-key']).toBe(WEBHOOK_SECRET);
    stub.state.mode = mode;
    try {
      const answer = await get(a.url, '/api/automation/event?id=3', cookie);
      if (mode === 'malformed') {
        // the webhook's answer is only relayed; a JSON one is checked like the REST one's
        expect([200, 502]).toContain(answer.status);
        await answer.arrayBuffer();
        return;
      }
      expect(answer.status).toBe(status);
      expect((await answer.json()).error.code).toBe(code);
    } finally {
      stub.reset();
    }
  });

  it('leaves no upstream socket open after hung calls', async () => {
    const before = await stub.connections();
    stub.state.mode = 'hang';
    try {
      await Promise.all(
        [1, 2, 3].map(() => get(a.url, '/api/organizations', cookie).then((r) => r.arrayBuffer())),
      );
    } finally {
      stub.reset();
    }
    let open = await stub.connections();
    for (let i = 0; i < 40 && open > before; i++) {
      await sleep(50);
      open = await stub.connections();
    }
    expect(open).toBeLessThanOrEqual(before);
  });
});

describe('security headers', () => {
  it('sends CSP and the other helmet headers on every kind of answer', async () => {
    const { cookie } = await login(a.url);
    const paths = [
      '/',
      '/en/events',
      '/assets/app.js',
      '/api/nope',
      '/api/organizations',
      '/healthz',
      '/missing.png',
    ];
    for (const path of paths) {
      const answer = await get(a.url, path, cookie);
      await answer.arrayBuffer();
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(answer.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(answer.headers.get('x-frame-options'), path).toBe('DENY');
      expect(answer.headers.get('referrer-policy'), path).toBe('no-referrer');
      expect(answer.headers.get('strict-transport-security'), path).toMatch(/max-age=\d+/);
      expect(answer.headers.get('x-powered-by'), path).toBeNull();
    }
  });
});

describe('metrics and logs', () => {
  it('exposes request, upstream and session store metrics', async () => {
    const text = await scrape(a.url);
    expect(text).toMatch(
      /bff_http_requests_total\{route="\/api\/organizations",method="GET",status="200"\} \d+/,
    );
    expect(text).toMatch(/bff_http_request_duration_seconds_bucket\{[^}]*route="\/api\/auth\/login"/);
    expect(text).toMatch(/bff_upstream_errors_total\{target="rest",kind="timeout"\} \d+/);
    expect(text).toMatch(/bff_upstream_errors_total\{target="webhook",kind="unreachable"\} \d+/);
    expect(text).toContain('bff_session_store_errors_total');
    expect(text).not.toMatch(/route="\/api\/organizations\/1"/);
  });
});

describe('Redis stops while requests are in flight', () => {
  it('answers 503 JSON on session routes, keeps public pages, recovers when Redis is back', async () => {
    const { cookie } = await login(a.url);
    expect((await get(b.url, '/api/organizations', cookie)).status).toBe(200);
    stub.state.delayMs = 500;
    const inFlight = [a, b].map((p) =>
      fetch(`${p.url}/api/session/selection`, {
        method: 'PUT',
        headers: { ...WRITE, cookie, ...proxyHeaders(newIp()) },
        body: JSON.stringify({ organizationId: 1 }),
      }).then((r) => r.status),
    );
    await sleep(100);
    await redis.stop();
    try {
      // requests under way end with an answer (their save fails: 503), none hangs
      for (const status of await Promise.all(inFlight)) expect([200, 503]).toContain(status);
      stub.reset();
      for (const p of [a, b]) {
        for (const path of ['/api/organizations', '/api/auth/me']) {
          const started = Date.now();
          const answer = await get(p.url, path, cookie);
          const elapsed = Date.now() - started;
          expect(answer.status, path).toBe(503);
          expect((await answer.json()).error.code).toBe('errors.sessionStoreUnavailable');
          // "within a second", with room for a loaded machine
          expect(elapsed, path).toBeLessThan(3000);
        }
        const page = await get(p.url, '/en/events');
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');
        const forms = await get(p.url, '/api/public/events/salon/forms');
        expect(forms.status).toBeLessThan(500);
        expect((await get(p.url, '/healthz')).status).toBe(200);
        expect((await get(p.url, '/readyz')).status).toBe(503);
      }
    } finally {
      stub.reset();
      await redis.start();
    }
    // a fresh Redis holds no sessions: the old cookie is unknown, a new sign-in works on both, no restart.
    // Each instance reconnects on its own backoff (up to 3 s apart): wait until both say they are ready,
    // not only one (b, still offline while a was back, refused the sign-in with a 503)
    for (const p of [a, b]) {
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i++) {
        await sleep(100);
        status = (await get(p.url, '/readyz')).status;
      }
      expect(status, p.url).toBe(200);
    }
    const again = await login(b.url);
    expect(again.response.status).toBe(200);
    for (const p of [a, b]) expect((await get(p.url, '/api/organizations', again.cookie)).status).toBe(200);
    // the invalidation channel is subscribed again: a logout through one is seen by the other's cache
    await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { ...WRITE, cookie: again.cookie, ...proxyHeaders(newIp()) },
    });
    expect((await get(a.url, '/api/organizations', again.cookie)).status).toBe(401);
    const metrics = await scrape(a.url);
    expect(metrics).toMatch(/bff_session_store_errors_total\{operation="[a-z]+"\} [1-9]/);
  });

  it('answers 503 when Redis hangs, for a session this instance has not cached, and recovers', async () => {
    const { cookie } = await login(a.url);
    redis.pause(true);
    try {
      // b never saw this session: it must ask Redis, which does not answer
      const started = Date.now();
      const answer = await get(b.url, '/api/organizations', cookie);
      expect(answer.status).toBe(503);
      expect((await answer.json()).error.code).toBe('errors.sessionStoreUnavailable');
      expect(Date.now() - started).toBeLessThan(3000);
      // a sign-in cannot be stored: a clean 503 too, not a hang (the rate limiter gives up on Redis first)
      expect((await login(b.url)).response.status).toBe(503);
      expect((await get(b.url, '/en/events')).status).toBe(200);
    } finally {
      redis.pause(false);
    }
    expect((await get(b.url, '/api/organizations', cookie)).status).toBe(200);
  });

  it.each(['status500', 'hang', 'refuse'] as const)(
    'answers the routes that carry a code, token or address with an error while the upstream fails (%s)',
    async (mode) => {
      const probe = (name: string) => {
        const value = `${name}${randomBytes(12).toString('hex')}`;
        probes.push(value);
        return value;
      };
      const [confirm, invitation, reset, verify] = ['confirm', 'invite', 'reset', 'verify'].map(probe);
      const [forgot, register, resend] = ['forgot', 'register', 'resend'].map(
        (n) => `${probe(n)}@example.org`,
      );
      probes.push(...[forgot, register, resend].map((address) => encodeURIComponent(address!)));
      const { cookie } = await login(a.url);
      const post = (path: string, body: unknown) =>
        fetch(`${a.url}${path}`, {
          method: 'POST',
          headers: { ...WRITE, ...proxyHeaders(newIp()) },
          body: JSON.stringify(body),
        });
      stub.state.mode = mode;
      try {
        const answers = await Promise.all([
          get(a.url, `/api/public/registrations/confirm?token=${confirm}`),
          fetch(`${a.url}/api/invitations/current`, {
            headers: { 'x-invitation-code': invitation ?? '', ...proxyHeaders(newIp()) },
          }),
          get(a.url, '/api/organizations', cookie),
          post('/api/auth/forgot-password', { email: forgot }),
          post('/api/auth/reset-password', { code: reset, password: PASSWORD, confirmPassword: PASSWORD }),
          post('/api/auth/verify-email', { code: verify }),
          post('/api/auth/register', {
            ...{ firstName: 'Ada', lastName: 'Lovelace', email: register, invitationCode: invitation },
            ...{ password: PASSWORD, confirmPassword: PASSWORD },
          }),
          post('/api/public/registrations/resend', {
            email: resend,
            eventSlug: 'salon',
            kind: 'participant',
          }),
        ]);
        for (const answer of answers) {
          // a resend is queued whoever asks (its timing must not tell who registered): 202, its upstream
          // call fails in the background
          if (answer.url.endsWith('/api/public/registrations/resend')) expect(answer.status).toBe(202);
          else expect(answer.status, answer.url).toBeGreaterThanOrEqual(500);
        }
      } finally {
        stub.reset();
      }
    },
  );

  it('never wrote a token, cookie, password, code, e-mail address or the webhook secret to a log line', () => {
    const logs = a.output() + b.output();
    expect(logs.length).toBeGreaterThan(1000);
    for (const line of logs.split('\n').filter(Boolean)) expect(() => JSON.parse(line), line).not.toThrow();
    expect(logs).toContain('"requestId"');
    const secrets = [WEBHOOK_SECRET, PASSWORD, SESSION_SECRET, ...stub.tokens, ...cookiesSeen, ...probes];
    expect(probes.length).toBeGreaterThan(20);
    expect(stub.tokens.length).toBeGreaterThan(5);
    for (const secret of secrets) expect(logs.includes(secret), 'a secret in the logs').toBe(false);
    // the failures are there, named by route pattern
    expect(logs).toContain('"route":"/api/invitations/current"');
    expect(logs).toContain('"upstream":"GET /invitations/:code"');
    expect(logs).toContain('"upstream":"PUT /user/newPassword/:code"');
    expect(logs).toContain('"upstream":"POST /public/registrations/confirm"');
    for (const sid of cookiesSeen.map((c) => decodeURIComponent(c).slice(2).split('.')[0]!)) {
      expect(logs.includes(sid), 'a session id in the logs').toBe(false);
    }
  });
});

describe('SIGTERM', () => {
  it('finishes requests under way, refuses new ones and exits within the grace period', async () => {
    const { cookie } = await login(a.url);
    stub.state.delayMs = 1200;
    try {
      const slow = fetch(`${a.url}/api/session/selection`, {
        method: 'PUT',
        headers: { ...WRITE, cookie, ...proxyHeaders(newIp()) },
        body: JSON.stringify({ organizationId: 1 }),
      });
      await sleep(200);
      const started = Date.now();
      a.kill('SIGTERM');
      await sleep(200);
      const refused = await fetch(`${a.url}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect([503, 'refused']).toContain(refused);
      expect((await slow).status).toBe(200);
      expect(await a.exited).toBe(0);
      expect(Date.now() - started).toBeLessThan(5000 + 3000);
      // the other instance carries on with the same session
      expect((await get(b.url, '/api/auth/me', cookie)).status).toBe(200);
    } finally {
      stub.reset();
    }
  });
});
