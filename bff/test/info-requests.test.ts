import { infoRequest, publicInfoRequest, REQUEST_TOKEN_HEADER } from '@evt/contracts/info-requests';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, JSON_WRITE, login, type RunningBff, startBff, startUpstream, testConfig } from './helpers';

/**
 * the information requests through the BFF: the organiser's routes proxied, the visitor's with the
 * link in a header, documents sniffed and counted by the registration uploads' streaming, reads limited.
 */
let upstream: TestUpstream;
let bff: RunningBff;
let cookie: string;
let eventId: number;
let registrationId: number;
const READS = 6;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream), { publicLimits: { read: READS } });
  cookie = (await login(bff.url)).cookie;
  const get = async <T>(path: string) =>
    (await (await fetch(`${bff.url}/api${path}`, { headers: { cookie } })).json()) as T;
  const orgs = await get<{ data: { id: number }[] }>('/organizations');
  const events = await get<{ data: { id: number; slug: string }[] }>(
    `/organizations/${orgs.data[0]?.id}/events`,
  );
  eventId = events.data.find((e) => e.slug === 'sii-2027')?.id as number;
  registrationId = (await get<{ data: { id: number }[] }>(`/events/${eventId}/registrations?limit=5`)).data[0]
    ?.id as number;
}, 90_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const withToken = (token: string, init: RequestInit = {}) => ({
  ...init,
  headers: { ...CSRF, ...(init.headers as Record<string, string>), [REQUEST_TOKEN_HEADER]: token },
});
const uploadFile = (token: string, bytes: Buffer, name: string) => {
  const form = new FormData();
  form.append('item', 'q2');
  form.append('file', new Blob([bytes]), name);
  return fetch(`${bff.url}/api/public/requests/files`, withToken(token, { method: 'POST', body: form }));
};

describe('information requests through the BFF', () => {
  it('asks, and the visitor answers from the link with a document the organiser downloads', async () => {
    const created = await fetch(`${bff.url}/api/events/${eventId}/requests`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({
        registrationId,
        message: 'Votre attestation, svp.',
        items: [
          { kind: 'text', label: 'TVA' },
          { kind: 'file', label: 'Attestation' },
        ],
      }),
    });
    expect(created.status).toBe(201);
    const request = infoRequest.parse(await created.json());
    const link = (await upstream.outbox())[0]?.links.find((l) => l.includes('/requests#key=')) ?? '';
    const token = link.slice(link.indexOf('#key=') + '#key='.length);
    expect(token).toMatch(/^irq_/);

    // no token, a malformed one: refused before the upstream; an unknown one: the same 404 as expired
    expect((await fetch(`${bff.url}/api/public/requests`)).status).toBe(400);
    const unknown = await fetch(`${bff.url}/api/public/requests`, withToken(`irq_${'z'.repeat(43)}`));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('errors.linkUnknown');

    const view = publicInfoRequest.parse(
      await (await fetch(`${bff.url}/api/public/requests`, withToken(token))).json(),
    );
    expect(view.items.map((i) => i.kind)).toEqual(['text', 'file']);

    // typed by content and size-limited as the registration uploads are
    expect((await uploadFile(token, Buffer.from('plain text, named pdf'), 'a.pdf')).status).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect((await uploadFile(token, big, 'big.pdf')).status).toBe(413);
    const uploaded = await uploadFile(token, PDF, 'attestation.pdf');
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);

    const answer = await fetch(
      `${bff.url}/api/public/requests/answer`,
      withToken(token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { q1: 'FR42' } }),
      }),
    );
    expect(answer.status).toBe(200);

    const list = (await (
      await fetch(`${bff.url}/api/events/${eventId}/requests?registrationId=${registrationId}`, {
        headers: { cookie },
      })
    ).json()) as { items: { id: number; state: string; files: { url: string }[] }[] };
    const mine = list.items.find((r) => r.id === request.id);
    expect(mine?.state).toBe('answered');
    const file = await fetch(`${bff.url}/api${mine?.files[0]?.url}`, { headers: { cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses a cross-site answer and limits the reads per client', async () => {
    const crossSite = await fetch(`${bff.url}/api/public/requests/answer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [REQUEST_TOKEN_HEADER]: `irq_${'z'.repeat(43)}` },
      body: JSON.stringify({ answers: {} }),
    });
    expect(crossSite.status).toBe(403);
    const statuses: number[] = [];
    for (let i = 0; i < READS + 2; i++)
      statuses.push(
        (await fetch(`${bff.url}/api/public/requests`, withToken(`irq_${'y'.repeat(43)}`))).status,
      );
    expect(statuses).toContain(429);
  });
});
