import { randomUUID } from 'node:crypto';
import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MeetingRow } from '../b2b/schedule';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { demoOrganisation } from '../test-members';
import { registrationStatusChanged } from '../model/places';
import { newLinkKey, sha256 } from '../model/registrations';
import { exhibitorByKey } from '../leads/access';
import { recordLeadScan } from '../leads/model';
import { LEAD_CONSENT_FIELD } from '@evt/contracts/forms/consent';
import { recordMeetingNews } from './b2b-events';
import { recordWebhookEvents } from './record';

// Which changes become webhook events, and how many: none without a listening endpoint, one per change
// otherwise (a person's first arrival only, a mailing finished once, a publication's news per meeting).
let up: TestUpstream;
let owner: string;
let orgId: number;
let eventId: number;
let endpointId: number;

const eventsOf = async (type: string) =>
  up.db.query<{ payload: { data: Record<string, unknown> } }>(
    'SELECT payload FROM webhook_events WHERE type = $1 AND organization_id = $2 ORDER BY created_at, id',
    [type, orgId],
  );
const post = (path: string, body: unknown) => up.call(path, { method: 'POST', token: owner, json: body });

async function newRegistration(status: string, kind = 'participant', data = {}): Promise<number> {
  const rows = await up.db.query<{ id: number }>(
    `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, first_names, locale, data)
     VALUES ($1, $4, $4, $2, $3, 'Ana Lima', 'Lima', 'Ana', 'en', $5) RETURNING id`,
    [eventId, status, `${randomUUID()}@hooks.test`, kind, JSON.stringify(data)],
  );
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  const events = await up.db.query<{ id: number }>(
    `INSERT INTO events (organization_id, name, slug, start_date, end_date)
     VALUES ($1, 'Hooks', 'hooks-test', now(), now() + interval '1 day') RETURNING id`,
    [orgId],
  );
  eventId = Number(events[0]?.id);
  const created = await post(`/organizations/${orgId}/webhooks`, {
    url: 'http://127.0.0.1:9/hook',
    events: [
      'registration.confirmed',
      'checkin.created',
      'lead.scanned',
      'mailing.finished',
      'b2b.meeting.published',
      'b2b.meeting.moved',
      'b2b.meeting.cancelled',
    ],
  });
  expect(created.status, await created.clone().text()).toBe(201);
  endpointId = ((await created.json()) as { endpoint: { id: number } }).endpoint.id;
});
afterAll(() => up?.close());

describe('webhook events', () => {
  it('are not written for a type no endpoint listens to', async () => {
    await recordWebhookEvents(up.db, { eventId }, 'registration.erased', [{ registrationId: 1 }]);
    expect(await eventsOf('registration.erased')).toHaveLength(0);
  });

  it('say once that a registration was confirmed by hand, with the person', async () => {
    const id = await newRegistration('pending');
    for (let i = 0; i < 2; i++)
      expect((await post(`/events/${eventId}/registrations/${id}/confirm`, {})).status).toBe(200);
    const confirmed = (await eventsOf('registration.confirmed')).filter(
      (e) => e.payload.data.registrationId === id,
    );
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.payload.data).toMatchObject({
      status: 'confirmed',
      email: expect.stringContaining('@hooks.test'),
      lastName: 'Lima',
    });
    const deliveries = await up.db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1', [
      endpointId,
    ]);
    expect(deliveries.length).toBeGreaterThan(0);
  });

  it('tell a registration made, put on the waiting list, then offered a place, through the one status door', async () => {
    const listening = await post(`/organizations/${orgId}/webhooks`, {
      url: 'http://127.0.0.1:9/waiting',
      events: ['registration.created', 'registration.waitlisted', 'registration.promoted'],
    });
    expect(listening.status).toBe(201);
    const id = await newRegistration('waitlisted');
    await registrationStatusChanged(up.db, { registrationId: id, from: null, to: 'waitlisted' });
    await up.db.query("UPDATE registrations SET status = 'promoted' WHERE id = $1", [id]);
    await registrationStatusChanged(up.db, { registrationId: id, from: 'waitlisted', to: 'promoted' });
    for (const type of ['registration.created', 'registration.waitlisted', 'registration.promoted'])
      expect((await eventsOf(type)).filter((e) => e.payload.data.registrationId === id)).toHaveLength(1);
  });

  it("tell a person's first arrival once, whichever desk scans again or earlier", async () => {
    const id = await newRegistration('confirmed');
    const scan = (scannedAt: string, desk: string) => ({
      scanId: randomUUID(),
      registrationId: id,
      desk,
      scannedAt,
    });
    const first = scan('2026-01-01T09:14:00.000Z', 'Nord');
    const batch = (scans: unknown[]) => post(`/events/${eventId}/checkins/batch`, { scans });
    expect((await batch([first])).status).toBe(200);
    expect((await batch([first])).status).toBe(200);
    // an offline device's earlier scan replaces the arrival's time: not a new arrival
    expect((await batch([scan('2026-01-01T09:02:00.000Z', 'Sud')])).status).toBe(200);
    expect((await post(`/events/${eventId}/checkins`, { registrationId: id })).status).toBeLessThan(500);
    const arrivals = (await eventsOf('checkin.created')).filter((e) => e.payload.data.registrationId === id);
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0]?.payload.data).toMatchObject({
      desk: 'Nord',
      checkedInAt: '2026-01-01T09:14:00.000Z',
    });
  });

  it("tell a stand's first scan of a consenting visitor once, with the stand and the visitor", async () => {
    const standId = await newRegistration('confirmed', 'exhibitor', { companyName: 'Lumen Optique' });
    const key = newLinkKey();
    await up.db.query('INSERT INTO exhibitor_keys (key_hash, registration_id) VALUES ($1, $2)', [
      sha256(key),
      standId,
    ]);
    const stand = await exhibitorByKey(up.db, { slug: 'hooks-test', code: standId, key });
    const visitor = await newRegistration('confirmed', 'participant', { [LEAD_CONSENT_FIELD]: true });
    const refusing = await newRegistration('confirmed');
    const scan = (registrationId: number, scannedAt: string, scannedBy: string) => ({
      scanId: randomUUID(),
      eventId,
      registrationId,
      scannedAt,
      scannedBy,
    });
    const first = scan(visitor, '2026-01-01T10:05:00.000Z', 'Julie');
    expect((await recordLeadScan(up.db, stand, first)).outcome).toBe('added');
    // the same scan sent again, and a second phone's earlier scan of the visitor: the same lead
    expect((await recordLeadScan(up.db, stand, first)).outcome).toBe('added');
    expect(
      (await recordLeadScan(up.db, stand, scan(visitor, '2026-01-01T10:01:00.000Z', 'Tom'))).outcome,
    ).toBe('already');
    expect(
      (await recordLeadScan(up.db, stand, scan(refusing, '2026-01-01T10:06:00.000Z', 'Julie'))).outcome,
    ).toBe('noConsent');
    const leads = (await eventsOf('lead.scanned')).filter(
      (e) => (e.payload.data.exhibitor as { registrationId: number }).registrationId === standId,
    );
    expect(leads).toHaveLength(1);
    expect(leads[0]?.payload.data).toMatchObject({
      exhibitor: { registrationId: standId, name: 'Lumen Optique' },
      visitor: { registrationId: visitor, lastName: 'Lima', email: expect.stringContaining('@hooks.test') },
      scannedAt: '2026-01-01T10:05:00.000Z',
      scannedBy: 'Julie',
    });
  });

  it('keep only the ids of a person erased since, in every event that named them', async () => {
    const erased = await newRegistration('pending');
    const kept = await newRegistration('pending');
    for (const id of [erased, kept])
      expect((await post(`/events/${eventId}/registrations/${id}/confirm`, {})).status).toBe(200);
    const standId = await newRegistration('confirmed', 'exhibitor', { companyName: 'Optique Nord' });
    const key = newLinkKey();
    await up.db.query('INSERT INTO exhibitor_keys (key_hash, registration_id) VALUES ($1, $2)', [
      sha256(key),
      standId,
    ]);
    await up.db.query('UPDATE registrations SET data = $2 WHERE id = $1', [
      erased,
      JSON.stringify({ [LEAD_CONSENT_FIELD]: true }),
    ]);
    const stand = await exhibitorByKey(up.db, { slug: 'hooks-test', code: standId, key });
    const lead = await recordLeadScan(up.db, stand, {
      scanId: randomUUID(),
      eventId,
      registrationId: erased,
      scannedAt: '2026-01-01T11:00:00.000Z',
      scannedBy: 'Julie',
    });
    expect(lead.outcome).toBe('added');
    const naming = async (id: number) =>
      up.db.query<{ type: string; payload: { data: Record<string, unknown> } }>(
        'SELECT type, payload FROM webhook_events WHERE $1 = ANY(registration_ids) ORDER BY created_at, id',
        [id],
      );
    expect((await naming(erased)).map((e) => e.type).sort()).toEqual([
      'lead.scanned',
      'registration.confirmed',
    ]);
    const erasure = await up.call(`/events/${eventId}/registrations/${erased}/personal-data`, {
      method: 'DELETE',
      token: owner,
    });
    expect(erasure.status).toBe(200);
    const after = await naming(erased);
    expect(after.map((e) => e.payload.data)).toEqual([
      { registrationId: erased },
      expect.objectContaining({
        visitor: { registrationId: erased },
        exhibitor: { registrationId: standId },
      }),
    ]);
    expect(JSON.stringify(after)).not.toMatch(/Lima|@hooks\.test|Julie|Optique/);
    // another person's events are theirs as they were, until their registration is deleted outright
    expect((await naming(kept))[0]?.payload.data).toMatchObject({
      lastName: 'Lima',
      email: expect.any(String),
    });
    const removed = await up.call(`/events/${eventId}/registrations/${kept}`, {
      method: 'DELETE',
      token: owner,
    });
    expect(removed.status).toBe(204);
    expect((await naming(kept)).map((e) => e.payload.data)).toEqual([{ registrationId: kept }]);
  });

  it('tell once that a mailing finished, with its counts, however many scans see it', async () => {
    const mailing = await up.db.query<{ id: number }>(
      `INSERT INTO mailings (event_id, created_by, audience, content, status, started_at)
       SELECT $1, u.id, '{}'::jsonb, '{}'::jsonb, 'sending', now() FROM users u WHERE u.email = 'organiser@demo.example'
       RETURNING id`,
      [eventId],
    );
    const mailingId = Number(mailing[0]?.id);
    await up.db.query(
      `INSERT INTO mailing_recipients (mailing_id, email, first_name, last_name, locale, state)
       VALUES ($1, 'a@hooks.test', 'A', 'A', 'fr', 'sent'), ($1, 'b@hooks.test', 'B', 'B', 'fr', 'failed')`,
      [mailingId],
    );
    const scan = () =>
      up.call('/webhook/mailing-due', {
        method: 'POST',
        headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
        json: { all: false, limit: 10 },
      });
    await Promise.all([scan(), scan(), scan()]);
    const finished = (await eventsOf('mailing.finished')).filter(
      (e) => e.payload.data.mailingId === mailingId,
    );
    expect(finished).toHaveLength(1);
    expect(finished[0]?.payload.data).toMatchObject({ sent: 1, failed: 1, unsubscribed: 0 });
  });

  it("tell a publication's news per meeting: new ones published, changed ones moved, dropped ones cancelled", async () => {
    const meeting = (id: number, status: string, sequence: number, mailed: number | null): MeetingRow =>
      ({
        request_id: id,
        slot_id: '2026-06-10T09:00',
        table_id: 'T1',
        status,
        uid: `b2b-${id}`,
        sequence,
        mailed_sequence: mailed,
        online_url: null,
        from_id: 1,
        to_id: 2,
        online: false,
        from_name: 'Atlas',
        to_name: 'Borealis',
      }) as MeetingRow;
    await recordMeetingNews(
      up.db,
      eventId,
      [
        meeting(101, 'scheduled', 1, null),
        meeting(102, 'scheduled', 3, 2),
        meeting(103, 'cancelled', 2, 1),
        meeting(104, 'scheduled', 1, 1),
        meeting(105, 'cancelled', 2, null),
      ],
      [{ id: '2026-06-10T09:00', start: '2026-06-10T09:00:00+02:00', end: '2026-06-10T09:30:00+02:00' }],
    );
    const ids = async (type: string) =>
      (await eventsOf(type)).map((e) => e.payload.data.meetingId).filter((id) => Number(id) > 100);
    expect(await ids('b2b.meeting.published')).toEqual([101]);
    expect(await ids('b2b.meeting.moved')).toEqual([102]);
    expect(await ids('b2b.meeting.cancelled')).toEqual([103]);
    const [published] = await eventsOf('b2b.meeting.published');
    expect(published?.payload.data).toMatchObject({ start: '2026-06-10T09:00:00+02:00', tableId: 'T1' });
  });
});
