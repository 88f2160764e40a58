import { Writable } from 'node:stream';
import { B2B_KEY_HEADER } from '@evt/contracts/b2b';
import { REQUEST_TOKEN_HEADER } from '@evt/contracts/info-requests';
import { INVITATION_CODE_HEADER } from '@evt/contracts/invitations';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/observability/logger';
import {
  CSRF,
  demoB2bCompany,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

// Private keys travelled in address paths (a B2B company's space link, an information request's answer
// link, the API's `/api/invitations/{code}`), and every proxy on the way logged them. A mailed link now
// carries its key in the fragment (`#key=`), which no browser sends to a server; the pages send it in a
// header; no API address holds one, and the BFF's own log holds none of them, old links included.

const SLUG = 'forum-b2b-lyon';
let upstream: TestUpstream;
let bff: RunningBff;
let cookie = '';
let logs = '';
/** every key this file saw, to look for in the BFF's log at the end */
const keys: string[] = [];

beforeAll(async () => {
  upstream = await startUpstream();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += String(chunk);
      done();
    },
  });
  bff = await startBff(testConfig(upstream), { logger: createLogger('debug', stream) });
  cookie = (await login(bff.url)).cookie;
}, 90_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const api = async <T>(path: string, init: RequestInit = {}) => {
  const response = await fetch(`${bff.url}/api${path}`, {
    ...init,
    headers: { cookie, ...(init.body ? JSON_WRITE : CSRF), ...(init.headers as Record<string, string>) },
  });
  expect(response.status, path).toBeLessThan(300);
  return (await response.json()) as T;
};
/** the newest mail's link that holds `includes` (to `to` when given; the outbox lists the newest first) */
const newestLink = async (includes: string, to?: string) => {
  const mail = (await upstream.outbox()).find(
    (m) => (to === undefined || m.to === to) && m.links.some((l) => l.includes(includes)),
  );
  return new URL(mail?.links.find((l) => l.includes(includes)) ?? 'http://missing.invalid/');
};
/** the key of a link: in its fragment, and nowhere a server sees */
const fragmentKey = (link: URL) => {
  expect(link.hash).toMatch(/^#key=[\w-]+$/);
  const key = new URLSearchParams(link.hash.slice(1)).get('key') ?? '';
  expect(`${link.pathname}${link.search}`).not.toContain(key);
  keys.push(key);
  return key;
};

describe('keys of mailed links never travel where a server logs them', () => {
  it('mails a B2B company its space link with the key in the fragment, and the key opens the space', async () => {
    const { demoKey } = await demoB2bCompany(bff.url, upstream, SLUG);
    const code = demoKey.split('-')[0] as string;
    const sent = await fetch(`${bff.url}/api/public/b2b/${SLUG}/link`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ code: Number(code) }),
    });
    expect(sent.status).toBe(202);
    const link = await newestLink(`/events-${SLUG}/b2b-${code}`);
    expect(link.pathname).toMatch(new RegExp(`/events-${SLUG}/b2b-${code}$`));
    const key = fragmentKey(link);
    const me = await fetch(`${bff.url}/api/public/b2b/${SLUG}/me`, {
      headers: { [B2B_KEY_HEADER]: `${code}-${key}` },
    });
    expect(me.status).toBe(200);
    // the link mailed before (key in the path) is still served, never cached (its page moves the key out)
    const old = await fetch(`${bff.url}${link.pathname}-${key}`);
    expect(old.headers.get('cache-control')).toContain('no-store');
  });

  it('mails an information request with its token in the fragment', async () => {
    const orgs = await api<{ data: { id: number }[] }>('/organizations');
    const events = await api<{ data: { id: number; slug: string }[] }>(
      `/organizations/${orgs.data[0]?.id}/events`,
    );
    const eventId = events.data.find((e) => e.slug === 'sii-2027')?.id as number;
    const registration = (
      await api<{ data: { id: number; email: string }[] }>(`/events/${eventId}/registrations?limit=1`)
    ).data[0];
    await api(`/events/${eventId}/requests`, {
      method: 'POST',
      body: JSON.stringify({
        registrationId: registration?.id,
        message: 'Votre attestation, svp.',
        items: [{ kind: 'text', label: 'TVA' }],
      }),
    });
    const link = await newestLink('/requests', registration?.email);
    expect(link.pathname).toMatch(/\/requests$/);
    const token = fragmentKey(link);
    const view = await fetch(`${bff.url}/api/public/requests`, {
      headers: { [REQUEST_TOKEN_HEADER]: token },
    });
    expect(view.status).toBe(200);
    await (await fetch(`${bff.url}/requests/${token}`)).body?.cancel();
  });

  it('reads and accepts an invitation with the code in a header; no API address opens it', async () => {
    const orgs = await api<{ data: { id: number }[] }>('/organizations');
    const types = await api<{ data: { id: number; code: string }[] }>('/member-types');
    const email = `link-keys-${Date.now()}@example.org`;
    await api(`/organizations/${orgs.data[0]?.id}/members/invite`, {
      method: 'POST',
      body: JSON.stringify({ email, memberTypeId: types.data.find((t) => t.code !== 'owner')?.id }),
    });
    const code = (await newestLink('code=', email)).searchParams.get('code') ?? '';
    keys.push(code);
    // the old addresses of the API, with the code in them, open nothing
    for (const path of [`/api/invitations/${code}`, `/api/invitations/${code}/organizations`]) {
      const answer = await fetch(`${bff.url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(await answer.text()).not.toContain(email);
    }
    const accept = await fetch(`${bff.url}/api/organizations/add-member?code=${code}`, {
      method: 'POST',
      headers: { cookie, ...CSRF },
    });
    expect(accept.status).toBe(400);
    const view = await fetch(`${bff.url}/api/invitations/current`, {
      headers: { [INVITATION_CODE_HEADER]: code },
    });
    expect(view.status).toBe(200);
    expect((await view.json()).invitation.email).toBe(email);
    // the mailed page itself is served, never cached (the page moves the code out of the address at once)
    for (const page of [`/en/organizations/invite?code=${code}`, `/organizations/intivite/${code}`]) {
      const answer = await fetch(`${bff.url}${page}`);
      expect(answer.headers.get('cache-control'), page).toContain('no-store');
    }
  });

  it('keeps none of these keys in the BFF’s own log, old page addresses included', async () => {
    await (await fetch(`${bff.url}/unsubscribe/${'u'.repeat(22)}`)).body?.cancel();
    keys.push('u'.repeat(22));
    expect(keys.length).toBeGreaterThanOrEqual(4);
    expect(logs).toContain('"route"');
    for (const key of keys) expect(logs.includes(key), 'a link key in the BFF log').toBe(false);
  });
});
