import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, JSON_WRITE, WEBHOOK_KEY } from '../helpers';
import { type Stage, stage } from './granted-members';

// Attack (found by a first-time organiser): a person erased under data rights still got their badge by
// mail, at `erased-<id>@erased.invalid`, counted as "sent"; an erased registration could still be checked
// in, exported and counted. Erased is out of every mailing, badge, check-in, list, export, count and webhook.

let s: Stage;
let eventId: number;
/** a confirmed registration of the event, erased below, and one kept beside it */
let erased: number;
let kept: number;

const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const answer = await fetch(`${s.bff.url}/api${path}`, {
    ...init,
    headers: { ...init.headers, cookie: s.owner },
  });
  expect(answer.status, `${path}: ${await answer.clone().text()}`).toBe(200);
  return (await answer.json()) as T;
};
const metrics = () =>
  api<{ total: number; byStatus: { confirmed: number } }>(
    `/automation/enrolmentMetrics?actions=metrics&event=${eventId}`,
  );
const checkinStats = () => api<{ confirmed: number }>(`/events/${eventId}/checkins/stats`);
const badgeCounts = (registrationId: number) =>
  api<{ confirmed: number; sent: number; pending: number }>(
    `/events/${eventId}/badge-sends?registrationId=${registrationId}`,
  );

let before: { metrics: number; confirmed: number; checkins: number };

beforeAll(async () => {
  s = await stage();
  eventId = await s.eventId('sii-2027');
  const rows = (await s.asOwner(`/events/${eventId}/registrations?status=confirmed&limit=100`)) as {
    data: { id: number }[];
  };
  [erased, kept] = rows.data.map((row) => row.id) as [number, number];
  // the badge is asked for before the erasure: the sending queue holds it
  await s.asOwner(`/events/${eventId}/badge-sends`, { method: 'POST', json: { registrationId: erased } });
  before = {
    metrics: (await metrics()).total,
    confirmed: (await metrics()).byStatus.confirmed,
    checkins: (await checkinStats()).confirmed,
  };
  const erasure = await fetch(`${s.bff.url}/api/events/${eventId}/registrations/${erased}/personal-data`, {
    method: 'DELETE',
    headers: { ...CSRF, cookie: s.owner },
  });
  expect(erasure.status).toBe(200);
}, 180_000);
afterAll(async () => {
  await s?.close();
});

describe('an erased registration is nobody', () => {
  it('gets no badge mail, even one asked for before the erasure, and is not counted as sent', async () => {
    const mail = await s.upstream.call('/webhook/badge-mail', {
      method: 'POST',
      headers: { 'x-automation-key': WEBHOOK_KEY },
      json: { eventId, registrationId: erased, attempt: 1 },
    });
    expect(((await mail.json()) as { job: unknown }).job).toBeNull();
    expect(await badgeCounts(erased)).toMatchObject({ confirmed: 0, sent: 0, pending: 0 });
    const asked = await api<{ requested: number }>(`/events/${eventId}/badge-sends`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ registrationId: erased }),
    });
    expect(asked.requested).toBe(0);
    expect((await badgeCounts(kept)).confirmed).toBe(1);
  });

  it('is not among the badges to print', async () => {
    const printed = async (registrationId: number) =>
      (
        (await s.asOwner(`/events/${eventId}/badge-people?registrationId=${registrationId}`)) as {
          data: unknown[];
        }
      ).data.length;
    expect(await printed(kept)).toBe(1);
    expect(await printed(erased)).toBe(0);
  });

  it('cannot be checked in', async () => {
    const result = await api<{ outcome: string }>(`/events/${eventId}/checkins`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ registrationId: erased }),
    });
    expect(result.outcome).toBe('unknown');
  });

  it('is left out of the list, which says how many were erased, and of the export, which counts the same rows', async () => {
    type Page = { data: { id: number }[]; total: number; erased: number };
    const read = await api<Page>(`/events/${eventId}/registrations?status=confirmed&limit=100`);
    const ids = read.data.map((row) => row.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(erased);
    expect(read.erased).toBeGreaterThanOrEqual(1);
    // the export's job reads the list's rows (bff/test/registration-exports.test.ts): its count is the list's
    const started = await fetch(`${s.bff.url}/api/events/${eventId}/registration-exports`, {
      method: 'POST',
      headers: { ...JSON_WRITE, cookie: s.owner },
      body: JSON.stringify({ status: 'confirmed', format: 'csv', locale: 'en', timeZone: 'UTC' }),
    });
    expect(started.status).toBe(202);
    expect(((await started.json()) as { rowsTotal: number }).rowsTotal).toBe(read.total);
  });

  it('is counted nowhere: the webhook metrics and the check-in figures drop it', async () => {
    expect((await metrics()).total).toBe(before.metrics - 1);
    expect((await metrics()).byStatus.confirmed).toBe(before.confirmed - 1);
    expect((await checkinStats()).confirmed).toBe(before.checkins - 1);
  });
});
