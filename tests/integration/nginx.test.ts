import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasNginx, startShippedNginx } from '../../scripts/lib/nginx.mjs';
import { freePort } from '../../scripts/lib/redis.mjs';
import { type BffProcess, privateRedis, REPO, startBffProcess, stubUpstream } from './support/processes';

/**
 * deploy/nginx.conf in front of two BFF processes (as docker-compose.yml runs them, with TRUST_PROXY=1):
 * round robin without stickiness, X-Forwarded-* right, nginx's request id followed to the upstream,
 * /metrics hidden. npm test installs nginx-light where it can (scripts/lib/nginx.mjs); skipped elsewhere.
 */
describe.skipIf(!hasNginx())('behind deploy/nginx.conf', () => {
  let redis: Awaited<ReturnType<typeof privateRedis>>;
  let stub: Awaited<ReturnType<typeof stubUpstream>>;
  let bffs: BffProcess[] = [];
  let nginx: { stop(): void } | undefined;
  let dir: string;
  let base: string;

  beforeAll(async () => {
    redis = await privateRedis();
    stub = await stubUpstream();
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bff.example',
      TRUST_PROXY: '1',
      UPSTREAM_API_URL: stub.url,
      AUTOMATION_WEBHOOK_URL: `${stub.url}/webhook`,
      AUTOMATION_WEBHOOK_HEADER_VALUE: randomBytes(16).toString('hex'),
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
    };
    bffs = await Promise.all([startBffProcess(env), startBffProcess(env)]);
    dir = mkdtempSync(join(tmpdir(), 'evt-nginx-'));
    const proxy = await startShippedNginx({
      backends: bffs.map((bff) => new URL(bff.url).host),
      dir,
      repo: REPO,
      freePort,
    });
    nginx = proxy;
    base = proxy.url;
  }, 120_000);

  afterAll(async () => {
    nginx?.stop();
    for (const bff of bffs) bff.kill('SIGKILL');
    await stub?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('balances one session over both replicas with the scheme, client address and request id right', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'evt-spa',
        // what a TLS-terminating balancer in front of nginx says
        'x-forwarded-proto': 'https',
      },
      body: JSON.stringify({ email: 'ops@example.org', password: 'any-password' }),
    });
    expect(login.status).toBe(200);
    const setCookie = login.headers.getSetCookie();
    expect(setCookie[0]).toMatch(/^__Host-sid=.*; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const cookie = setCookie[0]!.split(';')[0]!;

    const before = stub.recorded.length;
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await fetch(`${base}/api/organizations`, {
        headers: { cookie, 'x-request-id': 'spoofed-id-0001' },
      });
      expect(answer.status).toBe(200);
      ids.push(answer.headers.get('x-request-id')!);
    }
    // nginx's own id (never the client's), the same at the browser, in nginx's log and at the upstream
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    // the BFF's own background calls (the mailing scan) reach the same stub: only the listing counts here
    const upstream = stub.recorded
      .slice(before)
      .filter((r) => r.url.startsWith('/organizations'))
      .map((r) => r.headers['x-request-id']);
    expect(upstream).toEqual(ids);
    // nginx writes a request's log line once the request is finalised, just after the answer went out: on a
    // busy machine the last line may not be there yet when the client has its answer
    const logged = () => readFileSync(`${dir}/access.log`, 'utf8');
    await vi.waitFor(() => {
      for (const id of ids) expect(logged()).toContain(`"request_id":"${id}"`);
    }, 5000);
    const log = logged();
    // both replicas answered
    const servedBy = new Set(
      log
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((entry) => entry.uri === '/api/organizations')
        .map((entry) => entry.upstream),
    );
    expect(servedBy.size).toBe(2);
  });

  it('counts rate limits per client address nginx saw, not per address a client claims', async () => {
    // TRUST_PROXY=1: the BFF believes only the last X-Forwarded-For entry, the one nginx appended
    const answer = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'evt-spa',
        'x-forwarded-for': '6.6.6.6',
      },
      body: JSON.stringify({ email: 'ops@example.org', password: 'any-password' }),
    });
    expect(answer.status).toBe(200);
    const client = createClient({ url: redis.url });
    await client.connect();
    const keys = await client.keys('evt:rl:login:*');
    await client.close();
    expect(keys).toContain('evt:rl:login:127.0.0.1');
    expect(keys.some((key) => key.includes('6.6.6.6'))).toBe(false);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });
});
