import { type IncomingHttpHeaders, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config/app-config';
import { CSRF, fakeServer, JSON_WRITE, login, type RunningBff, startBff, testConfig } from './helpers';

const user = {
  id: 7,
  email: 'fake@example.org',
  firstName: 'Fake',
  lastName: 'User',
  emailVerified: true,
  locale: 'en',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const TOKEN = 'fake-upstream-token-abcdef123456';
const seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];

/** A scripted REST upstream: it signs anyone in, records what reaches it, and misbehaves on request. */
let upstream: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
let down: RunningBff;
let config: AppConfig;
let cookie: string;

beforeAll(async () => {
  upstream = await fakeServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = req.url ?? '';
      if (url === '/auth/login') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ access_token: TOKEN, token_type: 'bearer', expires_in: 3600 }));
        return;
      }
      if (url === '/auth/userinfo') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(user));
        return;
      }
      seen.push({ method: req.method ?? '', url, headers: req.headers, body });
      if (url === '/organizations/500') {
        res.statusCode = 500;
        res.end(
          JSON.stringify({ error: { code: 'db', message: 'SELECT * FROM secrets failed at db.ts:42' } }),
        );
        return;
      }
      if (url === '/organizations/401') {
        res.statusCode = 401;
        res.end('{}');
        return;
      }
      if (url === '/organizations/408') return; // hangs
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', 'upstream=1; Path=/');
      res.setHeader('connection', 'keep-alive');
      res.end(JSON.stringify({ data: [], echo: body ? JSON.parse(body) : null }));
    });
  });
  config = testConfig(
    { apiUrl: upstream.url, webhookUrl: `${upstream.url}/webhook` },
    { upstreamTimeoutMs: 400 },
  );
  bff = await startBff(config);
  // the same sessions, but an upstream address where nothing listens
  down = await startBff({ ...config, upstreamApiUrl: 'http://127.0.0.1:9' });
  ({ cookie } = await login(bff.url, { email: user.email, password: 'whatever-password' }));
});
afterAll(async () => {
  await bff?.close();
  await down?.close();
  await upstream?.close();
});

const last = () => seen[seen.length - 1]!;

describe('REST proxy', () => {
  it('forwards an allowlisted GET with the bearer token and no browser credentials', async () => {
    const response = await fetch(`${bff.url}/api/organizations?page=2`, {
      headers: { cookie: `${cookie}; other=1`, authorization: 'Bearer stolen', 'x-automation-key': 'guess' },
    });
    expect(response.status).toBe(200);
    // the route declares no query: an undeclared parameter is not forwarded (only validated values are)
    expect(last().url).toBe('/organizations');
    expect(last().headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(last().headers.cookie).toBeUndefined();
    expect(last().headers['x-automation-key']).toBeUndefined();
    expect(last().headers['x-request-id']).toBe(response.headers.get('x-request-id'));
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('sends the validated body, not the bytes the browser sent', async () => {
    const response = await fetch(`${bff.url}/api/organizations`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ name: '  Trimmed  ', extra: 'dropped' }),
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(last().body)).toEqual({
      name: 'Trimmed',
      description: '',
      website: '',
      email: '',
      phone: '',
      country: '',
    });
  });

  it('refuses invalid bodies with field keys, oversized ones with 413, non-JSON with 415', async () => {
    const count = seen.length;
    // a route that needs a role or a permission checks it first, with an upstream read: the
    // routes here need neither, so nothing at all reaches the upstream
    const invalid = await fetch(`${bff.url}/api/organizations`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ name: '' }),
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.details.fieldErrors).toEqual({ name: ['validation.required'] });
    const big = await fetch(`${bff.url}/api/organizations`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(big.status).toBe(413);
    const form = await fetch(`${bff.url}/api/organizations`, {
      method: 'POST',
      headers: { ...CSRF, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=x',
    });
    expect(form.status).toBe(415);
    expect(seen.length).toBe(count);
  });

  it('refuses a cross-site write: no custom header, a foreign Origin, or Sec-Fetch-Site cross-site', async () => {
    const count = seen.length;
    const body = JSON.stringify({ name: 'Evil' });
    const attempts: Record<string, string>[] = [
      { 'content-type': 'application/json', cookie },
      { 'content-type': 'text/plain', cookie },
      { ...JSON_WRITE, cookie, origin: 'https://evil.example' },
      { ...JSON_WRITE, cookie, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${bff.url}/api/organizations`, { method: 'POST', headers, body });
      expect(response.status).toBe(403);
      expect((await response.json()).error.code).toBe('errors.csrf');
    }
    // the BFF's own routes too (a cross-site form post of login or logout)
    const logout = await fetch(`${bff.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(logout.status).toBe(403);
    expect(seen.length).toBe(count);
  });

  it('never lets path tricks reach the upstream', async () => {
    const count = seen.length;
    const tricks = [
      '/api/organizations/1/../../admin',
      '/api/organizations/..%2F..%2Fadmin',
      '/api/organizations/1%2F..%2F2',
      '/api//organizations',
      '/api/organizations/',
      '/api/organizations/abc',
      '/api/organizations/-1',
      '/api/organizations/1%00',
      '/api/organizations/%E0%A4%A',
      '/api/admin',
      '/api/events/1/../../organizations',
    ];
    for (const path of tricks) {
      // raw HTTP: fetch would resolve the dot segments before sending
      const { status, body } = await rawGet(`${bff.url}${path}`, cookie);
      expect([400, 404], path).toContain(status);
      const codes = path.includes('%E0%A4%A')
        ? ['errors.malformedUrl']
        : ['errors.validation', 'errors.routeNotFound'];
      expect(codes, path).toContain(JSON.parse(body).error.code);
    }
    const wrongMethod = await fetch(`${bff.url}/api/organizations/1`, {
      method: 'DELETE',
      headers: { ...CSRF, cookie },
    });
    expect(wrongMethod.status).toBe(404);
    expect(seen.length).toBe(count);
  });

  it('answers 401 without a session and never calls the upstream', async () => {
    const count = seen.length;
    const response = await fetch(`${bff.url}/api/organizations`);
    expect(response.status).toBe(401);
    const forged = await fetch(`${bff.url}/api/organizations`, {
      headers: { cookie: 'sid=s%3Aforged.signature' },
    });
    expect(forged.status).toBe(401);
    expect(seen.length).toBe(count);
  });

  it('hides upstream 5xx bodies behind 502 errors.generic', async () => {
    const response = await fetch(`${bff.url}/api/organizations/500`, { headers: { cookie } });
    expect(response.status).toBe(502);
    const text = await response.text();
    expect(JSON.parse(text).error.code).toBe('errors.generic');
    expect(text).not.toContain('secrets');
  });

  it('answers 504 when the upstream hangs', async () => {
    const started = Date.now();
    const response = await fetch(`${bff.url}/api/organizations/408`, { headers: { cookie } });
    expect(response.status).toBe(504);
    expect((await response.json()).error.code).toBe('errors.upstreamTimeout');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers 502 errors.connection JSON when the upstream is down', async () => {
    const response = await fetch(`${down.url}/api/organizations`, { headers: { cookie } });
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const body = await response.json();
    expect(body.error.code).toBe('errors.connection');
    expect(body.error.message).toBe('Unable to process your request. Please try again.');
  });

  it('gives error texts in the language of the locale cookie', async () => {
    const response = await fetch(`${down.url}/api/organizations`, {
      headers: { cookie: `${cookie}; locale=fr` },
    });
    expect((await response.json()).error.message).not.toBe(
      'Unable to process your request. Please try again.',
    );
  });

  it('answers unknown /api routes with 404 errors.routeNotFound', async () => {
    const response = await fetch(`${bff.url}/api/nothing/here`, { headers: { cookie } });
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('errors.routeNotFound');
  });

  it('ends the session when the upstream says 401', async () => {
    const { cookie: own } = await login(bff.url, { email: user.email, password: 'whatever-password' });
    const response = await fetch(`${bff.url}/api/organizations/401`, { headers: { cookie: own } });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('errors.sessionExpired');
    const after = await fetch(`${bff.url}/api/organizations`, { headers: { cookie: own } });
    expect(after.status).toBe(401);
  });
});

function rawGet(url: string, cookie: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  const path = url.slice(url.indexOf('/', 'http://'.length));
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { cookie } }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
