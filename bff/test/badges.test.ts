import { defaultBadgeModel } from '@evt/contracts/badges';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config/app-config';
import { badgeKey, signBadgeToken } from '../src/badges/token';
import {
  CSRF,
  demoFairEvents,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/** Badge models, the PDFs, and check-in by a signed QR token, through the BFF and the reference upstream. */
let upstream: TestUpstream;
let bff: RunningBff;
let config: AppConfig;
let own: string;
let other: string;
let eventId = 0;
let otherEventId = 0;

async function call(cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${bff.url}/api${path}`, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : CSRF), ...(body ? JSON_WRITE : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = response.headers.get('content-type') ?? '';
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: type.includes('json') && bytes.length ? JSON.parse(bytes.toString('utf8')) : null,
  };
}

const token = (event: number, registration: number) =>
  signBadgeToken(badgeKey(null, config.sessionSecrets[0] as string), event, registration);

beforeAll(async () => {
  upstream = await startUpstream();
  config = testConfig(upstream);
  bff = await startBff(config);
  own = (await login(bff.url)).cookie;
  other = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  ({ eventId, otherEventId } = await demoFairEvents(bff.url, own));
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('badge models', () => {
  it('lists the seeded models and saves one', async () => {
    const list = await call(own, 'GET', `/events/${eventId}/badge-models`);
    expect(list.status).toBe(200);
    expect(list.json.data.map((m: { role: string }) => m.role).sort()).toEqual(['exhibitor', 'participant']);
    const saved = await call(
      own,
      'PUT',
      `/events/${eventId}/badge-models/press_agent`,
      defaultBadgeModel('CR80'),
    );
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ role: 'press_agent', pageSize: 'CR80' });
  });

  it('refuses a model that leaves a required element off the page, naming it', async () => {
    const model = defaultBadgeModel('CR80');
    const qr = model.elements.findIndex((e) => e.field === 'qr');
    model.elements[qr] = { ...(model.elements[qr] as (typeof model.elements)[number]), x: 80 };
    const refused = await call(own, 'PUT', `/events/${eventId}/badge-models/participant`, model);
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fieldErrors[`elements.${qr}.field`]).toEqual([
      'badges.validation.offPage',
    ]);
    const missing = defaultBadgeModel('A6');
    missing.elements = missing.elements.filter((e) => e.field !== 'name');
    const noName = await call(own, 'PUT', `/events/${eventId}/badge-models/participant`, missing);
    expect(noName.status).toBe(400);
    expect(noName.json.error.details.fieldErrors['elements.name']).toEqual(['badges.validation.missing']);
  });

  it("refuses another organisation's member", async () => {
    const refused = await call(
      other,
      'PUT',
      `/events/${eventId}/badge-models/participant`,
      defaultBadgeModel(),
    );
    expect([403, 404]).toContain(refused.status);
    expect((await call(other, 'GET', `/events/${eventId}/badges/test.pdf`)).status).toBeGreaterThanOrEqual(
      403,
    );
  });
});

describe('badge PDFs', () => {
  it('draws the test sheet: one badge per language', async () => {
    const pdf = await call(own, 'GET', `/events/${eventId}/badges/test.pdf?role=participant`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = pdf.bytes.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('%badge 3/3');
    expect(text).toContain('NotoSansJP');
  }, 60_000);

  it('streams the badges of the confirmed participants, counted', async () => {
    const confirmed = await call(
      own,
      'GET',
      `/events/${eventId}/registrations?kind=participant&status=confirmed`,
    );
    const total = confirmed.json.total as number;
    expect(total).toBeGreaterThan(0);
    const pdf = await call(own, 'GET', `/events/${eventId}/badges.pdf?roles=participant`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('x-badge-total')).toBe(String(total));
    const text = pdf.bytes.toString('latin1');
    expect(text).toContain(`%badge ${total}/${total}`);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  }, 60_000);
});

describe('check-in', () => {
  let registrationId = 0;
  beforeAll(async () => {
    // the seed checked in the first confirmed ones: the last one is still expected
    const list = await call(own, 'GET', `/events/${eventId}/registrations?status=confirmed&limit=100`);
    registrationId = Math.max(...list.json.data.map((r: { id: number }) => r.id));
  });

  it('marks a person present once, then says when and by whom', async () => {
    const code = token(eventId, registrationId);
    const first = await call(own, 'POST', `/events/${eventId}/checkins/scan`, { code });
    expect(first.status).toBe(200);
    expect(first.json.outcome).toBe('checkedIn');
    const second = await call(own, 'POST', `/events/${eventId}/checkins/scan`, { code: `${code}\n` });
    expect(second.json).toMatchObject({
      outcome: 'already',
      person: { registrationId, checkedInBy: 'Camille Martin' },
    });
    expect(second.json.person.checkedInAt).toBe(first.json.person.checkedInAt);
  });

  it('refuses a token with one byte changed, and one of another event', async () => {
    const code = token(eventId, registrationId);
    const at = 4 + 2 * 9;
    const flipped = (Number.parseInt(code.slice(at, at + 2), 16) ^ 0x80)
      .toString(16)
      .padStart(2, '0')
      .toUpperCase();
    const tampered = code.slice(0, at) + flipped + code.slice(at + 2);
    expect((await call(own, 'POST', `/events/${eventId}/checkins/scan`, { code: tampered })).json).toEqual({
      outcome: 'invalid',
    });
    const foreign = token(otherEventId, registrationId);
    expect((await call(own, 'POST', `/events/${eventId}/checkins/scan`, { code: foreign })).json).toEqual({
      outcome: 'otherEvent',
    });
  });

  it("refuses another organisation's staff", async () => {
    const refused = await call(other, 'POST', `/events/${eventId}/checkins/scan`, {
      code: token(eventId, registrationId),
    });
    expect([403, 404]).toContain(refused.status);
  });

  it('finds a person not confirmed by e-mail, whom the desk confirms and prints a badge for at once', async () => {
    const found = await call(own, 'GET', `/events/${eventId}/checkins/search?q=e`);
    const people = found.json.data as { registrationId: number; status: string }[];
    const pending = people.find((p) => p.status === 'pending');
    expect(pending, 'the demo holds visitors who never confirmed').toBeTruthy();
    expect(people.some((p) => p.status === 'confirmed')).toBe(true);
    const id = pending?.registrationId as number;
    // no badge before the confirmation
    const before = await call(own, 'GET', `/events/${eventId}/badges.pdf?registrationId=${id}`);
    expect(before.headers.get('x-badge-total') ?? '0').toBe('0');
    const confirmed = await call(own, 'POST', `/events/${eventId}/registrations/${id}/confirm`);
    expect(confirmed.status).toBe(200);
    const pdf = await call(own, 'GET', `/events/${eventId}/badges.pdf?registrationId=${id}`);
    expect(pdf.headers.get('x-badge-total')).toBe('1');
    const again = await call(own, 'GET', `/events/${eventId}/checkins/search?q=e`);
    expect(
      (again.json.data as { registrationId: number; status: string }[]).find((p) => p.registrationId === id)
        ?.status,
    ).toBe('confirmed');
  }, 60_000);

  it('finds people by name and counts arrivals by role and hour', async () => {
    const found = await call(own, 'GET', `/events/${eventId}/checkins/search?q=e`);
    expect(found.status).toBe(200);
    expect(found.json.data.length).toBeGreaterThan(0);
    const stats = await call(own, 'GET', `/events/${eventId}/checkins/stats`);
    expect(stats.status).toBe(200);
    expect(stats.json.checkedIn).toBe(5);
    expect(stats.json.byHour.reduce((sum: number, h: { count: number }) => sum + h.count, 0)).toBe(5);
  });
});
