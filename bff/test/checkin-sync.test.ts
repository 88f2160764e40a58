import { createHash, randomUUID } from 'node:crypto';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alteredBadgeCode } from '../../tests/support/badge-code';
import type { AppConfig } from '../src/config/app-config';
import { badgeKey, signBadgeToken } from '../src/badges/token';
import {
  apiCaller,
  demoFairEvents,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/**
 * Offline check-in devices: the roster a device keeps, and batches of scans sent when the network returns
 * (first scan by time wins across devices, a batch sent twice records once, cancelled people refused).
 */
let upstream: TestUpstream;
let bff: RunningBff;
let config: AppConfig;
let own: string;
let other: string;
let eventId = 0;
let otherEventId = 0;

const call = apiCaller(() => bff.url);

const token = (event: number, registration: number) =>
  signBadgeToken(badgeKey(null, config.sessionSecrets[0] as string), event, registration);
/** A time this morning, `minutes` after 08:00 UTC (a past time: a device cannot date a scan ahead). */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 8, minutes)).toISOString();
const scan = (code: string, desk: string, scannedAt: string) => ({
  scanId: randomUUID(),
  code,
  desk,
  scannedAt,
});
const sync = (cookie: string, scans: unknown[]) =>
  call(cookie, 'POST', `/events/${eventId}/checkins/sync`, { scans });

/** Confirmed registrations of the event nobody has checked in yet, from the device's roster. */
async function expected(): Promise<number[]> {
  const roster = await call(own, 'GET', `/events/${eventId}/checkins/roster`);
  return (roster.json.entries as { registrationId: number; checkedInAt: string | null }[])
    .filter((entry) => entry.checkedInAt === null)
    .map((entry) => entry.registrationId);
}

beforeAll(async () => {
  upstream = await startUpstream();
  config = testConfig(upstream);
  bff = await startBff(config);
  own = (await login(bff.url)).cookie;
  other = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  ({ eventId, otherEventId } = await demoFairEvents(bff.url, own));
  // the seed checked most confirmed people in: confirm the ones still pending, for each test its own
  const pending = await call(own, 'GET', `/events/${eventId}/registrations?status=pending&limit=100`);
  for (const row of pending.json.data as { id: number }[]) {
    await call(own, 'POST', `/events/${eventId}/registrations/${row.id}/confirm`);
  }
  expect((await expected()).length).toBeGreaterThanOrEqual(6);
}, 60_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('a check-in device', () => {
  it("keeps each confirmed person with the hash of their badge's code, never the code", async () => {
    const roster = await call(own, 'GET', `/events/${eventId}/checkins/roster`);
    expect(roster.status).toBe(200);
    const entries = roster.json.entries as { registrationId: number; hash: string }[];
    expect(entries.length).toBeGreaterThan(0);
    const first = entries[0] as { registrationId: number; hash: string };
    const code = token(eventId, first.registrationId);
    const hash = createHash('sha256').update(code).digest().subarray(0, 16).toString('hex');
    expect(first.hash).toBe(hash);
    expect(JSON.stringify(roster.json)).not.toContain(code);
  });

  it('checks a person in once when two offline desks scanned them: the first by time wins', async () => {
    const [registrationId] = await expected();
    const code = token(eventId, registrationId as number);
    // desk 2 scanned at 09:14, desk 1 at 09:20; desk 1 comes back online first
    const late = scan(code, 'Desk 1', at(80));
    const early = scan(code, 'Desk 2', at(74));
    const fromDesk1 = await sync(own, [late]);
    expect(fromDesk1.json.results[0]).toMatchObject({
      scanId: late.scanId,
      result: { outcome: 'checkedIn' },
    });
    const fromDesk2 = await sync(own, [early]);
    expect(fromDesk2.json.results[0]).toMatchObject({
      result: { outcome: 'checkedIn', person: { desk: 'Desk 2', checkedInAt: at(74) } },
    });
    // desk 1 syncs again (its answer was lost): told who, when and where
    const again = await sync(own, [late]);
    expect(again.json.results[0]).toMatchObject({
      result: { outcome: 'already', person: { desk: 'Desk 2', checkedInAt: at(74) } },
    });
    const stats = await call(own, 'GET', `/events/${eventId}/checkins/stats`);
    expect(stats.json.byDesk).toContainEqual({ desk: 'Desk 2', count: 1 });
    expect(stats.json.byDesk.find((row: { desk: string | null }) => row.desk === 'Desk 1')).toBeUndefined();
  });

  it('records a batch sent twice once, answering each scan in the order sent', async () => {
    const [a, b] = await expected();
    const scans = [
      scan(token(eventId, b as number), 'Hall B', at(121)),
      scan(token(eventId, a as number), 'Hall B', at(120)),
    ];
    const first = await sync(own, scans);
    expect(first.json.results.map((r: { scanId: string }) => r.scanId)).toEqual(scans.map((s) => s.scanId));
    expect(first.json.results.map((r: { result: { outcome: string } }) => r.result.outcome)).toEqual([
      'checkedIn',
      'checkedIn',
    ]);
    // the answer was lost: the same batch again is recorded once, and each scan is still the one that counts
    const second = await sync(own, scans);
    expect(second.json).toEqual(first.json);
    const stats = await call(own, 'GET', `/events/${eventId}/checkins/stats`);
    expect(stats.json.byDesk).toContainEqual({ desk: 'Hall B', count: 2 });
  });

  it('refuses altered codes, codes of another event, and a person cancelled since the device last synced', async () => {
    const [registrationId] = await expected();
    const code = token(eventId, registrationId as number);
    const altered = alteredBadgeCode(code);
    const cancel = await call(own, 'POST', `/events/${eventId}/registrations/${registrationId}/cancel`);
    expect(cancel.status).toBe(200);
    const results = await sync(own, [
      scan(altered, 'Desk 1', at(180)),
      scan(token(otherEventId, registrationId as number), 'Desk 1', at(180)),
      scan(code, 'Desk 1', at(180)),
    ]);
    expect(results.json.results.map((r: { result: { outcome: string } }) => r.result.outcome)).toEqual([
      'invalid',
      'otherEvent',
      'notConfirmed',
    ]);
    expect(await expected()).not.toContain(registrationId);
  });

  it('refuses a scan dated in the future a device cannot win with', async () => {
    const [registrationId] = await expected();
    const future = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const answer = await sync(own, [scan(token(eventId, registrationId as number), 'Desk 9', future)]);
    const at = Date.parse(answer.json.results[0].result.person.checkedInAt);
    expect(at).toBeLessThan(Date.now() + 120_000);
  });

  it("refuses another organisation's staff the roster and the sync", async () => {
    expect([403, 404]).toContain((await call(other, 'GET', `/events/${eventId}/checkins/roster`)).status);
    const [registrationId] = await expected();
    const refused = await sync(other, [
      scan(token(eventId, registrationId as number), 'X', new Date().toISOString()),
    ]);
    expect([403, 404]).toContain(refused.status);
    expect(await expected()).toContain(registrationId);
  });

  it('refuses a malformed batch with a clear error and records nothing of it', async () => {
    const [registrationId] = await expected();
    const bad = await sync(own, [
      scan(token(eventId, registrationId as number), 'Desk 1', new Date().toISOString()),
      { scanId: 'not-a-uuid', code: 'X', desk: 'Desk 1', scannedAt: 'yesterday' },
    ]);
    expect(bad.status).toBe(400);
    expect(await expected()).toContain(registrationId);
  });

  it("is installable: its manifest opens the event's check-in page in the language asked, and names nothing else", async () => {
    const answer = await fetch(`${bff.url}/api/checkin-manifest?event=${eventId}&locale=en`);
    expect(answer.status).toBe(200);
    const manifest = await answer.json();
    expect(manifest).toMatchObject({
      start_url: `/en/events/checkin-${eventId}`,
      scope: `/en/events/checkin-${eventId}`,
      display: 'standalone',
      lang: 'en',
      short_name: 'Check-in',
    });
    expect(manifest.icons.length).toBeGreaterThan(0);
    expect((await fetch(`${bff.url}/api/checkin-manifest?event=abc`)).status).toBe(400);
    expect((await fetch(`${bff.url}/api/checkin-manifest?event=1&locale=de`)).status).toBe(400);
  });
});
