import { event } from '@evt/contracts/events';
import { publicEventDetails } from '@evt/contracts/public-registrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { demoOrganisation } from '../test-members';

// An event's opening and closing times and its time zone (extension).
let up: TestUpstream;
let owner: string;
let orgId: number;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
});
afterAll(() => up?.close());

const fields = {
  name: 'Salon de Tokyo',
  startDate: '2027-05-10T00:00:00Z',
  endDate: '2027-05-12T23:59:00Z',
  languages: ['fr', 'ja'],
  status: 'published',
};
const create = (json: Record<string, unknown>) =>
  up.call('/events', { method: 'POST', token: owner, json: { ...fields, organization: orgId, ...json } });

describe("an event's times and time zone", () => {
  it('are stored on creation and on update, and shown on the public page', async () => {
    const created = await create({ startTime: '09:00', endTime: '18:00', timeZone: 'Asia/Tokyo' });
    expect(created.status).toBe(201);
    const stored = event.parse(await created.json());
    expect(stored).toMatchObject({ startTime: '09:00', endTime: '18:00', timeZone: 'Asia/Tokyo' });
    expect(event.parse(await (await up.call(`/events/${stored.id}`, { token: owner })).json())).toEqual(
      stored,
    );

    const put = await up.call(`/events/${stored.id}`, {
      method: 'PUT',
      token: owner,
      json: { ...fields, startTime: '10:30', endTime: null, timeZone: 'America/New_York' },
    });
    expect(put.status).toBe(200);
    expect(event.parse(await put.json())).toMatchObject({
      startTime: '10:30',
      endTime: null,
      timeZone: 'America/New_York',
    });
    const page = await up.call(`/public/events/${stored.slug}`, { headers: SERVICE });
    expect(publicEventDetails.parse(await page.json())).toMatchObject({
      startTime: '10:30',
      endTime: null,
      timeZone: 'America/New_York',
    });
  });

  it('are whole days in Paris when the organiser says nothing', async () => {
    const stored = event.parse(await (await create({ name: 'Salon sans heures' })).json());
    expect(stored).toMatchObject({ startTime: null, endTime: null, timeZone: 'Europe/Paris' });
  });

  it('refuses a zone that is not one, a time not HH:MM, and a day that closes before it opens', async () => {
    for (const [json, key] of [
      [{ timeZone: 'Mars/Olympus' }, 'validation.timeZone'],
      [{ startTime: '9h' }, 'validation.timeOfDay'],
      [{ endDate: fields.startDate, startTime: '18:00', endTime: '09:00' }, 'validation.dateOrder'],
    ] as const) {
      const res = await create(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(key);
    }
  });

  it('are whole days in Paris for the events created before they existed (migration 072)', async () => {
    // the table as it was, with an event in it, and the migration not yet applied
    await up.db.query(
      'ALTER TABLE events DROP COLUMN time_zone, DROP COLUMN start_time, DROP COLUMN end_time',
    );
    const [row] = await up.db.query<{ id: number }>(
      `INSERT INTO events (organization_id, name, slug, start_date, end_date, languages)
       VALUES ($1, 'Ancien salon', 'ancien-salon', '2026-01-20T00:00:00Z', '2026-01-21T23:59:00Z', '["fr"]')
       RETURNING id`,
      [orgId],
    );
    await up.db.query("DELETE FROM schema_migrations WHERE name = '072_event_times_and_time_zone.sql'");
    expect(await migrate(up.db)).toEqual(['072_event_times_and_time_zone.sql']);
    const stored = event.parse(await (await up.call(`/events/${row?.id}`, { token: owner })).json());
    expect(stored).toMatchObject({
      startDate: '2026-01-20T00:00:00.000Z',
      endDate: '2026-01-21T23:59:00.000Z',
      startTime: null,
      endTime: null,
      timeZone: 'Europe/Paris',
    });
  });
});
