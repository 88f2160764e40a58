import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/webhooks/post-webhook';
import { checkWebhookTarget, type Resolve } from '../../src/webhooks/target-check';

// A webhook endpoint is an address an organisation owner types: in production it must never let the
// platform reach its own network (SSRF). The check runs at delivery time on the resolved addresses, and
// the attempt connects to the checked address; a redirect is never followed.

const table: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'internal.example.com': ['93.184.216.34', '10.1.2.3'],
  'v6private.example.com': ['fd12::1'],
};
const resolve: Resolve = async (host) => {
  const found = table[host];
  if (!found) throw new Error('ENOTFOUND');
  return found;
};
const production = { production: true, resolve };

describe('checkWebhookTarget in production', () => {
  it.each([
    'https://127.0.0.1/hook',
    'https://10.0.0.5/hook',
    'https://192.168.1.10/hook',
    'https://172.16.0.1/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hook',
    'https://[fc00::1]/hook',
    'https://[fe80::1]/hook',
    'https://[::]/hook',
    'https://0.0.0.0/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://internal.example.com/hook',
    'https://v6private.example.com/hook',
  ])('refuses %s', async (url) => {
    expect(await checkWebhookTarget(url, production)).toEqual({ ok: false, reason: 'privateAddress' });
  });

  it('refuses plain http, even to loopback', async () => {
    expect(await checkWebhookTarget('http://hooks.example.com/hook', production)).toMatchObject({
      ok: false,
      reason: 'scheme',
    });
    expect(await checkWebhookTarget('http://127.0.0.1:9/hook', production)).toMatchObject({
      ok: false,
      reason: 'scheme',
    });
  });

  it('accepts a public https host and answers the address to connect to', async () => {
    expect(await checkWebhookTarget('https://hooks.example.com/hook', production)).toMatchObject({
      ok: true,
      address: '93.184.216.34',
    });
  });

  it('refuses a host that does not resolve and credentials in the URL', async () => {
    expect(await checkWebhookTarget('https://nowhere.example.com/', production)).toMatchObject({
      reason: 'unresolved',
    });
    expect(await checkWebhookTarget('https://u:p@hooks.example.com/', production)).toMatchObject({
      reason: 'badUrl',
    });
  });
});

describe('checkWebhookTarget outside production', () => {
  it('allows http to loopback (demo, tests) but no other plain http', async () => {
    const dev = { production: false, resolve };
    expect(await checkWebhookTarget('http://127.0.0.1:4000/hook', dev)).toMatchObject({
      ok: true,
      address: '127.0.0.1',
    });
    expect(await checkWebhookTarget('http://hooks.example.com/hook', dev)).toMatchObject({
      reason: 'scheme',
    });
  });
});

describe('a delivery attempt', () => {
  let hits: string[] = [];
  let receiver: http.Server;
  let origin = '';
  beforeAll(async () => {
    receiver = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url === '/redirect') {
        response.writeHead(302, { location: `${origin}/elsewhere` }).end();
      } else if (request.url === '/silent') {
        // never answers: the attempt's deadline must end it
      } else {
        response.writeHead(204).end();
      }
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((done) => receiver.close(done));
  });

  async function attempt(path: string, deadlineMs = 5_000) {
    const target = await checkWebhookTarget(`${origin}${path}`, { production: false, resolve });
    if (!target.ok) throw new Error(target.reason);
    return postWebhook(target, '{}', {}, { deadlineMs });
  }

  it('never follows a redirect', async () => {
    hits = [];
    expect(await attempt('/redirect')).toMatchObject({ kind: 'answered', status: 302 });
    expect(hits).toEqual(['/redirect']);
  });

  it('ends an attempt on a receiver that never answers', async () => {
    expect(await attempt('/silent', 200)).toEqual({ kind: 'failed', error: 'timeout' });
  });

  it('connects to the checked address, not to a second resolution of the host', async () => {
    hits = [];
    const port = (receiver.address() as AddressInfo).port;
    const outcome = await postWebhook(
      { url: new URL(`http://rebinding.invalid:${port}/pinned`), address: '127.0.0.1' },
      '{}',
      {},
      { deadlineMs: 5_000 },
    );
    expect(outcome).toMatchObject({ kind: 'answered', status: 204 });
    expect(hits).toEqual(['/pinned']);
  });
});
