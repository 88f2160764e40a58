import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNginx, startShippedNginx } from '../../../scripts/lib/nginx.mjs';
import { freePort } from '../../../scripts/lib/redis.mjs';
import { fakeServer } from '../helpers';

// deploy/nginx.conf logged `$uri`: every personal key that travels in an address path (a B2B company's
// space link, its calendar feed, an invitation code, a request's or an unsubscribe token) landed in the
// proxy's access log.

const REPO = path.resolve(import.meta.dirname, '../../..');
const KEY = 'c0ffee'.repeat(8);

describe.skipIf(!hasNginx())('the shipped proxy configuration', () => {
  let backend: Awaited<ReturnType<typeof fakeServer>>;
  let nginx: { stop(): void } | undefined;
  let dir = '';
  let base = '';

  beforeAll(async () => {
    backend = await fakeServer((_req, res) => res.end('ok'));
    dir = mkdtempSync(path.join(tmpdir(), 'evt-nginx-log-'));
    const proxy = await startShippedNginx({
      backends: [new URL(backend.url).host],
      dir,
      repo: REPO,
      freePort,
      probePath: '/x',
    });
    nginx = proxy;
    base = proxy.url;
  }, 60_000);
  afterAll(async () => {
    nginx?.stop();
    await backend?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps no personal key of an address in its access log', async () => {
    const addresses = [
      `/events-forum-b2b-lyon/b2b-12-${KEY}`,
      `/en/events-forum-b2b-lyon/b2b_osaka-12-${KEY}`,
      `/jp/events-7/b2b-sipen-12-${KEY}`,
      `/api/public/b2b/forum-b2b-lyon/calendar/12/${KEY}.ics`,
      `/api/invitations/${KEY}`,
      `/api/invitations/${KEY}/organizations`,
      `/organizations/intivite/${KEY}`,
      `/en/requests/${KEY}`,
      `/unsubscribe/${KEY}`,
      `/reset-password?code=${KEY}`,
    ];
    for (const address of addresses) expect((await fetch(`${base}${address}`)).status).toBe(200);
    // nginx writes its log line after the answer
    let log = '';
    for (let i = 0; i < 50 && log.split('\n').length <= addresses.length; i++) {
      await sleep(50);
      log = readFileSync(`${dir}/access.log`, 'utf8');
    }
    expect(log.trim().split('\n').length).toBeGreaterThan(addresses.length);
    expect(log).not.toContain(KEY);
    // what is kept still says which page it was
    expect(log).toContain('/events-forum-b2b-lyon/b2b-[space-link]');
    expect(log).toContain('/api/invitations/[code]/organizations');
  });
});
