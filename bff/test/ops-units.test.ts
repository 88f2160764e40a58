import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import { safeReturnPath } from '@evt/contracts/access';
import { allRoutes } from '@evt/contracts/routes';
import pino from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../src/observability/logger';
import { createMetrics } from '../src/observability/metrics';
import { routeLabeller } from '../src/observability/route-label';
import type { BackingStore } from '../src/session/backing-store';
import { guardedStore } from '../src/session/guarded-store';
import { BoundedMemoryStore } from '../src/session/memory-store';
import { connectRedis } from '../src/session/redis-client';
import { redisBackingStore, redisInvalidationBus } from '../src/session/redis-store';
import type { StoredSession } from '../src/session/session-data';
import { redisUrl } from './helpers';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('info', stream) };
}

describe('logs', () => {
  it('censors secrets wherever the usual fields put them', () => {
    const { lines, logger } = capture();
    const secret = `s3cr3t-${randomBytes(6).toString('hex')}`;
    logger.info({ password: secret, user: { password: secret, accessToken: secret } }, 'a');
    logger.info(
      { headers: { cookie: secret, authorization: secret }, config: { webhookHeaderValue: secret } },
      'b',
    );
    logger.info({ session: { auth: { accessToken: secret } }, req: { headers: { cookie: secret } } }, 'c');
    logger.info({ token: secret, body: { newPassword: secret, token: secret } }, 'd');
    expect(lines).toHaveLength(4);
    for (const line of lines) {
      expect(line).not.toContain(secret);
      expect(() => JSON.parse(line)).not.toThrow();
    }
  });

  it('prints only the type, message, code and stack of an error, and no address, path or query', () => {
    const { lines, logger } = capture();
    const secret = `s3cr3t-${randomBytes(6).toString('hex')}@example.org`;
    // PGlite's errors carry the failed query's parameters (the embedded upstream logs through this logger)
    const error = Object.assign(new Error('duplicate key'), {
      code: '23505',
      params: [secret],
      detail: secret,
    });
    logger.error({ err: error }, 'a');
    logger.child({ component: 'upstream' }).error({ err: error }, 'b');
    logger.info(
      { email: secret, url: `/x?token=${secret}`, path: `/invitations/${secret}`, query: secret },
      'c',
    );
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(secret);
    expect(JSON.parse(lines[0]!).err).toMatchObject({
      type: 'Error',
      message: 'duplicate key',
      code: '23505',
    });
  });
});

describe('metrics', () => {
  it('labels requests by route pattern, never by raw path', () => {
    const label = routeLabeller(allRoutes());
    const req = (method: string, url: string) => ({ method, url }) as IncomingMessage;
    expect(label(req('GET', '/api/organizations/42?x=1'))).toBe('/api/organizations/:id');
    expect(label(req('GET', '/api/nope/123'))).toBe('/api/unknown');
    // the operation name when it is one of the fixed list, else a fixed label
    expect(label(req('GET', '/api/automation/eventData?eventId=1'))).toBe('/api/automation/eventData');
    expect(label(req('GET', '/api/automation/organizationCredential?id=1'))).toBe('/api/automation/:name');
    expect(label(req('GET', '/api/automation/x-secret-42'))).toBe('/api/automation/:name');
    expect(label(req('GET', '/en/invitation/secret-code'))).toBe('page');
    expect(label(req('GET', '/metrics'))).toBe('/metrics');
    expect(label(req('POST', '/api/public/events/sii-2027/registrations/participant'))).toBe(
      '/api/public/events/:slug/registrations/:kind',
    );
    expect(label(req('POST', '/api/auth/login'))).toBe('/api/auth/login');
    expect(label(req('GET', '/api/public/b2b/forum/calendar/12/s3cr3t-c0de.ics'))).toBe(
      '/api/public/b2b/:slug/calendar/:company/:key',
    );
    // the invitation code left the API's addresses: an old address is an unknown route, its code unlogged
    expect(label(req('GET', '/api/invitations/s3cr3t-c0de'))).toBe('/api/unknown');
    // fixed at the first call: Express later rewrites req.url below its mount points
    const login = req('POST', '/api/auth/login');
    label(login);
    login.url = '/auth/login';
    expect(label(login)).toBe('/api/auth/login');
  });

  it('renders the counters and the histogram', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    metrics.observeRequest('/api/organizations', 'GET', 200, 0.004);
    metrics.upstreamError('webhook', 'timeout');
    metrics.sessionStoreError('get');
    const text = await metrics.registry.metrics();
    expect(text).toContain('bff_http_requests_total{route="/api/organizations",method="GET",status="200"} 1');
    expect(text).toContain('bff_http_request_duration_seconds_bucket{le="0.005",route="/api/organizations"');
    expect(text).toContain('bff_upstream_errors_total{target="webhook",kind="timeout"} 1');
    expect(text).toContain('bff_session_store_errors_total{operation="get"} 1');
  });
});

describe('session store', () => {
  const session = (): StoredSession => ({
    createdAt: Date.now(),
    selection: { organizationId: null, eventId: null, commissionId: null },
    memberships: {},
  });

  it('fails a call that hangs within its time limit, and counts it', async () => {
    const errors: string[] = [];
    const hanging = new Proxy({} as BackingStore, { get: () => () => new Promise(() => {}) });
    const store = guardedStore(hanging, 100, (op) => errors.push(op));
    await expect(store.get('x')).rejects.toThrow(/no answer within 100 ms/);
    expect(errors).toEqual(['get']);
  });

  it('merges concurrent field patches (memory store)', async () => {
    const store = new BoundedMemoryStore(10, () => 60);
    await store.set('a', session());
    await Promise.all([
      store.patch('a', { selection: { organizationId: 1, eventId: null, commissionId: null } }, []),
      store.patch('a', { memberships: { 'organization:2': 1 } }, []),
    ]);
    const data = await store.get('a');
    expect(data?.selection?.organizationId).toBe(1);
    expect(data?.memberships).toEqual({ 'organization:2': 1 });
    expect(await store.patch('gone', { memberships: {} }, [])).toBe(false);
    store.close();
  });

  describe('Redis', async () => {
    const client = await connectRedis(redisUrl(), pino({ level: 'silent' }));
    const prefix = `evt-test-${randomBytes(6).toString('hex')}:sess:`;
    const store = redisBackingStore(client, prefix, () => 600);
    afterAll(async () => {
      for (const key of await client.keys(`${prefix}*`)) await client.del(key);
      await client.close();
    });

    it('merges concurrent field patches atomically and keeps the TTL', async () => {
      await store.set('b', { ...session(), memberships: { 'event:9': { at: 1, until: 5 } } });
      const ttlBefore = (await store.ttlMs('b'))!;
      await Promise.all([
        store.patch('b', { selection: { organizationId: 3, eventId: 4, commissionId: null } }, []),
        store.patch('b', { memberships: { 'organization:2': { at: 1, until: 1_900_000_000_000 } } }, []),
      ]);
      const data = await store.get('b');
      expect(data?.selection).toEqual({ organizationId: 3, eventId: 4, commissionId: null });
      expect(data?.memberships).toEqual({ 'organization:2': { at: 1, until: 1_900_000_000_000 } });
      expect(typeof data?.createdAt).toBe('number');
      expect((await store.ttlMs('b'))!).toBeGreaterThan(ttlBefore - 5000);
      await store.patch('b', {}, ['memberships']);
      expect((await store.get('b'))?.memberships).toBeUndefined();
      expect(await store.patch('missing', { memberships: {} }, [])).toBe(false);
      expect(await store.get('missing')).toBeNull();
    });

    it('answers a publication once this instance heard it, on the bus every cache listens to', async () => {
      const channel = `${prefix}invalidate`;
      const logger = pino({ level: 'silent' });
      const here = await redisInvalidationBus(client, channel, logger);
      const there = await redisInvalidationBus(client, channel, logger);
      const heardHere: (string | null)[] = [];
      const heardThere: (string | null)[] = [];
      here.listen((sid) => heardHere.push(sid));
      there.listen((sid) => heardThere.push(sid));
      for (let i = 0; i < 100; i++) {
        await here.publish(`sid-${i}`);
        // Redis's reply to PUBLISH often comes before the subscribers' copies: heard here already
        expect(heardHere.at(-1)).toBe(`sid-${i}`);
      }
      await vi.waitFor(() => expect(heardThere).toHaveLength(100));
      expect(heardThere).toEqual(heardHere);
      await Promise.all([here.close(), there.close()]);
    });
  });
});

describe('return path after login', () => {
  it('accepts local paths only', () => {
    for (const evil of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/x',
      'http:evil.example',
      'javascript:alert(1)',
      '\\\\evil.example',
      ' //evil.example',
      '/\t/evil.example',
    ]) {
      expect(safeReturnPath(evil, '/home'), evil).toBe('/home');
    }
    expect(safeReturnPath('/events/3?tab=forms#top')).toBe('/events/3?tab=forms#top');
    expect(safeReturnPath('/en/dashboard')).toBe('/en/dashboard');
    // an encoded line break stays an encoded, local path
    expect(safeReturnPath('/%0d%0aevil')).toBe('/%0d%0aevil');
  });
});
