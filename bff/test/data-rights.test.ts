import { personalDataExport, retentionSettings } from '@evt/contracts/data-rights';
import { registrationRow } from '@evt/contracts/registrations';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { unzipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryQueue } from '../src/jobs/memory-queue';
import { startRetentionWorker } from '../src/jobs/retention-jobs';
import { createUpstreamClient } from '../src/upstream/client';
import { CSRF, JSON_WRITE, login, type RunningBff, startBff, startUpstream, testConfig } from './helpers';

/** Data rights through the BFF: one person's zip streamed through the proxy, the erasure, the retention job. */
let upstream: TestUpstream;
let bff: RunningBff;
let cookie: string;
let orgId: number;
let eventId: number;
let registrationId: number;
beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  cookie = (await login(bff.url)).cookie;
  const get = async <T>(path: string) =>
    (await (await fetch(`${bff.url}/api${path}`, { headers: { cookie } })).json()) as T;
  orgId = (await get<{ data: { id: number }[] }>('/organizations')).data[0]?.id as number;
  const events = await get<{ data: { id: number; slug: string }[] }>(`/organizations/${orgId}/events`);
  eventId = events.data.find((e) => e.slug === 'sii-2027')?.id as number;
  registrationId = (await get<{ data: { id: number }[] }>(`/events/${eventId}/registrations`)).data[0]
    ?.id as number;
}, 90_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const personalData = `/api/events/:event/registrations/:registration/personal-data`;
const url = (tail = '') =>
  `${bff.url}${personalData.replace(':event', String(eventId)).replace(':registration', String(registrationId))}${tail}`;
/** the audit lines of the organisation with this action (the owner reads them) */
const audited = async (action: string) => {
  const log = await fetch(`${bff.url}/api/organizations/${orgId}/audit?limit=100`, { headers: { cookie } });
  expect(log.status).toBe(200);
  return ((await log.json()) as { data: { action: string }[] }).data.filter((l) => l.action === action)
    .length;
};

describe('the exports are POSTs: a read that writes an audit line', () => {
  it('exports nothing on a GET of their old addresses, nor on a POST without the CSRF header', async () => {
    const before = {
      person: await audited('registration.exported'),
      list: await audited('registrations.exported'),
    };
    const listExport = `${bff.url}/api/events/${eventId}/registration-exports`;
    for (const old of [url(), url('/export'), `${bff.url}/api/events/${eventId}/registrations-export`]) {
      const read = await fetch(old, { headers: { cookie } });
      expect([404, 405], old).toContain(read.status);
    }
    for (const [target, body] of [
      [url('/export'), undefined],
      [listExport, '{}'],
    ] as const) {
      const forged = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body,
      });
      expect(forged.status, target).toBe(403);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('errors.csrf');
    }
    expect(await audited('registration.exported')).toBe(before.person);
    expect(await audited('registrations.exported')).toBe(before.list);
    // with it, the list's export is queued and writes its line
    const started = await fetch(listExport, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ kind: ['participant'], format: 'csv', locale: 'en', timeZone: 'UTC' }),
    });
    expect(started.status, await started.clone().text()).toBe(202);
    expect(((await started.json()) as { status: string }).status).toBe('queued');
    expect(await audited('registrations.exported')).toBe(before.list + 1);
  });
});

describe('data rights through the BFF', () => {
  it('streams the export zip, then erases behind the CSRF header', async () => {
    const res = await fetch(url('/export'), { method: 'POST', headers: { ...CSRF, cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = personalDataExport.parse(JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8')));
    expect(data.registration.id).toBe(registrationId);

    expect((await fetch(url(), { method: 'DELETE', headers: { cookie } })).status).toBe(403);
    const erased = await fetch(url(), { method: 'DELETE', headers: { ...CSRF, cookie } });
    expect(erased.status).toBe(200);
    const row = registrationRow.parse(await erased.json());
    expect(row).toMatchObject({ id: registrationId, lastName: '', data: {} });
    expect(row.email).toMatch(/@erased\.invalid$/);
  });

  it('keeps the retention period of the organisation and validates it before the upstream', async () => {
    const retention = `${bff.url}/api/organizations/${orgId}/retention`;
    const bad = await fetch(retention, {
      method: 'PUT',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ retentionMonths: 999 }),
    });
    expect(bad.status).toBe(400);
    const set = await fetch(retention, {
      method: 'PUT',
      headers: { ...JSON_WRITE, cookie },
      body: JSON.stringify({ retentionMonths: 1 }),
    });
    expect(retentionSettings.parse(await set.json())).toEqual({ retentionMonths: 1 });
  });

  it('runs the retention job on the queue against the upstream', async () => {
    const logger = pino({ level: 'silent' });
    await upstream.db.query(
      `UPDATE events SET start_date = now() - interval '3 months', end_date = now() - interval '2 months'
        WHERE id = $1`,
      [eventId],
    );
    const queue = await createMemoryQueue(logger);
    const client = createUpstreamClient({
      restUrl: upstream.apiUrl,
      webhookUrl: upstream.webhookUrl,
      serviceHeader: { name: 'x-automation-key', value: testConfig(upstream).webhookHeaderValue },
      timeoutMs: 5000,
      logger,
    });
    await startRetentionWorker(queue, client, { everyMs: 50, logger });
    const left = async () =>
      (
        await upstream.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM registrations WHERE event_id = $1 AND erased_at IS NULL',
          [eventId],
        )
      )[0]?.n;
    await expect.poll(left, { timeout: 10_000 }).toBe(0);
    await queue.close();
  });
});
