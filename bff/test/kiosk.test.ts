import { KIOSK_COOKIE } from '@evt/contracts/kiosk';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, TEST_PASSWORD } from '@evt/upstream/test-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../tests/support/participant-entry.mjs';
import type { AppConfig } from '../src/config/app-config';
import { kioskDevices } from '../src/routes/kiosk/kiosk-devices';
import {
  DEMO_ORGANISER,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/**
 * A device the organiser switches on for one event is not held to the
 * per-address ceiling for that event's forms; the per-address-and-e-mail limit still holds, and an unknown,
 * expired, ended or other event's device cookie counts as no cookie. (What the device cannot open, and the
 * PIN that ends it: bff/test/security/kiosk-device.test.ts.)
 */
const SLUG = 'sii-2027';
const PER_EMAIL = 3;
const CEILING = 5;
let upstream: TestUpstream;
let bff: RunningBff;
let config: AppConfig;
let owner: string;
let eventId: number;
let formId: number;
let kiosk: string;

const register = (email: string, cookie?: string) =>
  fetch(`${bff.url}/api/public/events/${SLUG}/registrations/participant`, {
    method: 'POST',
    headers: { ...JSON_WRITE, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ locale: 'en', data: participantEntry(email, 'Kiosk') }),
  });

const PIN = '4821';
/** Starting a kiosk signs the organiser out on the device: each start signs in afresh. */
const start = async (cookie?: string, body: unknown = { formId, locale: 'en', pin: PIN }) =>
  fetch(`${bff.url}/api/events/${eventId}/kiosk`, {
    method: 'POST',
    headers: { ...JSON_WRITE, cookie: cookie ?? (await login(bff.url, DEMO_ORGANISER)).cookie },
    body: JSON.stringify(body),
  });

async function get<T>(path: string): Promise<T> {
  const answer = await fetch(`${bff.url}${path}`, { headers: { cookie: owner } });
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as T;
}

beforeAll(async () => {
  upstream = await startUpstream();
  config = testConfig(upstream, { rateLimitWindowMs: 15 * 60_000 });
  bff = await startBff(config, { publicLimits: { submit: PER_EMAIL, submitAddress: CEILING } });
  owner = (await login(bff.url, DEMO_ORGANISER)).cookie;
  const orgs = await get<{ data: { id: number }[] }>('/api/organizations');
  for (const org of orgs.data) {
    const events = await get<{ data: { id: number; slug: string }[] }>(`/api/organizations/${org.id}/events`);
    const found = events.data.find((e) => e.slug === SLUG);
    if (found) eventId = found.id;
  }
  const forms = await get<{ data: { id: number; kind: string }[] }>(
    `/api/automation/eventForms?eventId=${eventId}`,
  );
  formId = forms.data.find((f) => f.kind.startsWith('participant'))?.id as number;
  expect(formId).toBeGreaterThan(0);
}, 120_000);

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('registration kiosk', () => {
  it('sets an HttpOnly, SameSite device cookie for the API, until the event ends or 24 h at most', async () => {
    const answer = await start();
    const body = (await answer.json()) as { path: string; expiresAt: string };
    expect(answer.status, JSON.stringify(body)).toBe(200);
    expect(body.path).toMatch(/^\/en\/events-sii-2027\/[a-z-]+\?kiosk=1$/);
    const line = answer.headers.getSetCookie().find((l) => l.startsWith(`${KIOSK_COOKIE}=`)) ?? '';
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Path=\/api(;|$)/);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(line)?.[1] ?? '');
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    expect(expires - Date.now()).toBeGreaterThan(23 * 3600_000);
    kiosk = line.split(';')[0] as string;
  });

  it('refuses an unknown form of the event', async () => {
    expect((await start(undefined, { formId: 999_999, locale: 'en', pin: PIN })).status).toBe(404);
  });

  it('lets more than the per-address ceiling through from the kiosk, the per-e-mail limit still applies', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CEILING * 2; i++)
      statuses.push((await register(`kiosk${i}@venue.example`, kiosk)).status);
    expect(statuses).toEqual(Array(CEILING * 2).fill(202));
    const same: number[] = [];
    for (let i = 0; i <= PER_EMAIL; i++) same.push((await register('same@venue.example', kiosk)).status);
    expect(same).toEqual([...Array(PER_EMAIL).fill(202), 429]);
  });

  it('holds the ceiling without a cookie, and with an unknown, expired, ended or other event cookie', async () => {
    const store = kioskDevices({ redis: bff.bff.redis, config });
    const value = kiosk.slice(KIOSK_COOKIE.length + 1);
    const later = Date.now() + 3600_000;
    const device = { eventId, slug: SLUG, pinHash: await store.hashPin(PIN) };
    const forged = `${KIOSK_COOKIE}=${value.slice(0, -3)}${value.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const expired = `${KIOSK_COOKIE}=${await store.create({ ...device, expiresAt: Date.now() - 1000 })}`;
    const ended = `${KIOSK_COOKIE}=${await store.create({ ...device, expiresAt: later })}`;
    await store.end(ended.slice(KIOSK_COOKIE.length + 1));
    const otherEvent = `${KIOSK_COOKIE}=${await store.create({ ...device, eventId: eventId + 1, slug: 'another-event', expiresAt: later })}`;
    // the kiosk's submissions above were not counted against the address: the ordinary ceiling is whole
    const plain: number[] = [];
    for (let i = 0; i < CEILING; i++) plain.push((await register(`plain${i}@venue.example`)).status);
    expect(plain).toEqual(Array(CEILING).fill(202));
    for (const cookie of [undefined, forged, expired, ended, otherEvent])
      expect((await register(`refused@${cookie?.length ?? 0}.example`, cookie)).status).toBe(429);
    // the kiosk itself still passes
    expect((await register('after@venue.example', kiosk)).status).toBe(202);
  });

  it('refuses a member without registrations:write', async () => {
    const orgs = await get<{ data: { id: number }[] }>('/api/organizations');
    const ownerToken = await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
    let orgId = 0;
    for (const org of orgs.data) {
      const events = await get<{ data: { id: number }[] }>(`/api/organizations/${org.id}/events`);
      if (events.data.some((e) => e.id === eventId)) orgId = org.id;
    }
    const token = await joinAs(upstream, ownerToken, orgId, 'member', 'kiosk-steward@example.com');
    const userId = ((await (await upstream.call('/auth/userinfo', { token })).json()) as { id: number }).id;
    const granted = await fetch(`${bff.url}/api/events/${eventId}/rights/members/${userId}`, {
      method: 'PUT',
      headers: { ...JSON_WRITE, cookie: owner },
      body: JSON.stringify({ permissions: ['event:read', 'registrations:read'] }),
    });
    expect(granted.status, await granted.text()).toBe(204);
    const steward = (await login(bff.url, { email: 'kiosk-steward@example.com', password: TEST_PASSWORD }))
      .cookie;
    const refused = await start(steward);
    expect(refused.status).toBe(403);
    expect(refused.headers.getSetCookie().some((l) => l.startsWith(`${KIOSK_COOKIE}=`))).toBe(false);
  });

  it('leaves kiosk mode with the PIN: the cookie is cleared and the device is an ordinary one again', async () => {
    const answer = await fetch(`${bff.url}/api/public/kiosk/leave`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie: kiosk },
      body: JSON.stringify({ pin: PIN }),
    });
    expect(answer.status).toBe(204);
    const line = answer.headers.getSetCookie().find((l) => l.startsWith(`${KIOSK_COOKIE}=`)) ?? '';
    expect(line).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(line).toMatch(/Path=\/api(;|$)/);
    // the ended device session no longer lifts the ceiling
    expect((await register('after-leaving@venue.example', kiosk)).status).toBe(429);
  });
});
