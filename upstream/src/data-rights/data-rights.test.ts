import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { personalDataExport, retentionSettings } from '@evt/contracts/data-rights';
import { registrationRow } from '@evt/contracts/registrations';
import { unzipSync } from 'fflate';
import ja from '../../../locales/ja.json';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { joinAs } from '../test-members';

/** One person's export, their erasure, the retention job. */
let up: TestUpstream;
let camille: string;
let orgId: number;
let b2bEvent: number;
/** a B2B company of the demo programme, given a file, a check-in and a mailing below */
let person: { id: number; email: string; lastName: string };
const PDF = Buffer.from('%PDF-1.4\n% a passport scan\n%%EOF\n');

const json = async <T>(res: Response): Promise<T> => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  orgId = (await json<{ data: { id: number }[] }>(await up.call('/organizations', { token: camille })))
    .data[0]?.id as number;
  const events = await json<{ data: { id: number; slug: string }[] }>(
    await up.call(`/organizations/${orgId}/events`, { token: camille }),
  );
  b2bEvent = events.data.find((e) => e.slug === 'forum-b2b-lyon')?.id as number;
  const rows = await up.db.query<{ id: number; email: string; last_name: string }>(
    `SELECT r.id, r.email, r.last_name FROM registrations r
      WHERE r.event_id = $1 AND r.kind = 'b2b' AND EXISTS (SELECT 1 FROM b2b_requests q WHERE q.from_id = r.id)
      ORDER BY r.id LIMIT 1`,
    [b2bEvent],
  );
  const row = rows[0];
  if (!row) throw new Error('no B2B company in the demo data');
  person = { id: Number(row.id), email: row.email, lastName: row.last_name };
  await up.db.query(
    `INSERT INTO registration_files (token_hash, event_id, kind, field, filename, content_type, size, data,
                                     registration_id, expires_at)
     VALUES ('test-token', $1, 'b2b', 'passport', 'passport.pdf', 'application/pdf', $2, $3, $4, now())`,
    [b2bEvent, PDF.length, PDF, person.id],
  );
  await up.db.query('INSERT INTO checkins (registration_id, event_id) VALUES ($1, $2)', [
    person.id,
    b2bEvent,
  ]);
  const mailing = await up.db.query<{ id: number }>(
    `INSERT INTO mailings (event_id, audience, content, status) VALUES ($1, '{}', '{}', 'sending') RETURNING id`,
    [b2bEvent],
  );
  await up.db.query(
    `INSERT INTO mailing_recipients (mailing_id, registration_id, email, last_name, locale, state, sent_at)
     VALUES ($1, $2, $3, $4, 'fr', 'sent', now())`,
    [mailing[0]?.id, person.id, person.email, person.lastName],
  );
});
afterAll(() => up?.close());

const personalData = (token = camille, id = person.id) =>
  up.call(`/events/${b2bEvent}/registrations/${id}/personal-data/export`, { method: 'POST', token });
const auditLines = async () =>
  (
    await json<{ data: { action: string; details: Record<string, unknown> }[] }>(
      await up.call(`/organizations/${orgId}/audit?limit=100`, { token: camille }),
    )
  ).data;

describe('export of everything held about a person', () => {
  it('answers a zip with data.json and the files, and logs who exported whom', async () => {
    const res = await personalData();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const data = personalDataExport.parse(JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8')));
    expect(data.registration).toMatchObject({ id: person.id, email: person.email, kind: 'b2b' });
    expect(data.statusHistory.length).toBeGreaterThan(0);
    expect(data.checkIns).toHaveLength(1);
    expect(data.b2b.requestsSent.length).toBeGreaterThan(0);
    expect(data.mailings).toEqual([expect.objectContaining({ email: person.email, state: 'sent' })]);
    expect(data.files).toHaveLength(1);
    const path = data.files[0]?.path as string;
    expect(path).toMatch(/^files\/\d+-passport\.pdf$/);
    expect(Buffer.from(zip[path] ?? []).equals(PDF)).toBe(true);
    const line = (await auditLines()).find((l) => l.action === 'registration.exported');
    expect(line?.details).toEqual({ registrationId: person.id, files: 1 });
    // a read of the old address exports nothing and writes nothing: a read that writes is a POST
    const read = await up.call(`/events/${b2bEvent}/registrations/${person.id}/personal-data`, {
      token: camille,
    });
    expect(read.status).toBe(404);
    expect((await auditLines()).filter((l) => l.action === 'registration.exported')).toHaveLength(1);
  });

  it('reads the event form’s own questions in the readable copy, by their labels', async () => {
    // the forum's first participant answered its questions (demo data): a vegetarian meal, the gala dinner
    const [participant] = await up.db.query<{ id: number }>(
      `SELECT id FROM registrations WHERE event_id = $1 AND kind = 'participant' ORDER BY id LIMIT 1`,
      [b2bEvent],
    );
    await up.db.query("UPDATE registrations SET locale = 'en' WHERE id = $1", [participant?.id]);
    const zip = unzipSync(new Uint8Array(await (await personalData(camille, participant?.id)).arrayBuffer()));
    const html = Buffer.from(zip['personal-data.html'] ?? []).toString('utf8');
    expect(html).toContain('Dietary requirements');
    expect(html).toContain('Vegetarian');
    expect(html).toContain('Will you attend the gala dinner?');
  });

  it('puts beside data.json a readable copy in the person’s language, moments on the event’s clock', async () => {
    await up.db.query("UPDATE registrations SET locale = 'ja' WHERE id = $1", [person.id]);
    const [zone] = await up.db.query<{ time_zone: string }>('SELECT time_zone FROM events WHERE id = $1', [
      b2bEvent,
    ]);
    await up.db.query("UPDATE events SET time_zone = 'Asia/Tokyo' WHERE id = $1", [b2bEvent]);
    try {
      const zip = unzipSync(new Uint8Array(await (await personalData()).arrayBuffer()));
      const data = personalDataExport.parse(JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8')));
      expect(data.event.timeZone).toBe('Asia/Tokyo');
      const html = Buffer.from(zip['personal-data.html'] ?? []).toString('utf8');
      expect(html).toMatch(/^<!doctype html>\n<html lang="ja">/);
      const readable = ja.dataRights.readable;
      for (const heading of [readable.registration, readable.answers, readable.requestsSent, readable.files])
        expect(html).toContain(`<h2>${heading}</h2>`);
      // labels and codes in words: the status, the form's fields and choices, the mailing's state
      expect(html).toContain(`<dd>${ja.enums.registrationStatuses[data.registration.status]}</dd>`);
      expect(html).toContain(`<dt>${ja.forms.fields.companyName.label}</dt>`);
      expect(html).toContain(`<td>${ja.mailings.states.sent}</td>`);
      expect(html).toContain(
        `<td>${ja.b2b.space.requests.status[data.b2b.requestsSent[0]?.status as 'pending']}</td>`,
      );
      expect(html).not.toMatch(/>(confirmed|pending|sent)</);
      // the moments on the event's clock, the zone named (Intl's Japanese name, and the offset)
      expect(html).toContain('UTC+9');
      expect(html).toContain(ja.forms.fields.passport.label);
    } finally {
      await up.db.query('UPDATE events SET time_zone = $2 WHERE id = $1', [b2bEvent, zone?.time_zone]);
    }
  });

  it('refuses another event’s registration and a member without contact rights', async () => {
    const other = await up.db.query<{ id: number }>(
      'SELECT id FROM registrations WHERE event_id <> $1 ORDER BY id LIMIT 1',
      [b2bEvent],
    );
    expect((await personalData(camille, Number(other[0]?.id))).status).toBe(404);
    const steward = await joinAs(up, camille, orgId, 'member', 'steward-data@example.com');
    await up.db.query(
      `INSERT INTO event_member_rights (event_id, user_id, permissions)
       SELECT $1, id, ARRAY['event:read', 'registrations:read'] FROM users WHERE email = 'steward-data@example.com'`,
      [b2bEvent],
    );
    expect((await personalData(steward)).status).toBe(403);
  });
});

describe('erasure', () => {
  it('anonymises the row, deletes the files, keeps the counts and logs without personal data', async () => {
    const count = async () =>
      (
        await up.db.query<{ n: number }>('SELECT count(*)::int AS n FROM registrations WHERE event_id = $1', [
          b2bEvent,
        ])
      )[0]?.n;
    const before = await count();
    const res = await up.call(`/events/${b2bEvent}/registrations/${person.id}/personal-data`, {
      method: 'DELETE',
      token: camille,
    });
    const row = registrationRow.parse(await json(res));
    expect(row).toMatchObject({ id: person.id, lastName: '', firstNames: '', data: {}, files: [] });
    expect(row.email).toBe(`erased-${person.id}@erased.invalid`);
    expect(await count()).toBe(before);
    const files = await up.db.query('SELECT 1 FROM registration_files WHERE registration_id = $1', [
      person.id,
    ]);
    expect(files).toEqual([]);
    const recipients = await up.db.query<{ email: string }>(
      'SELECT email FROM mailing_recipients WHERE registration_id = $1',
      [person.id],
    );
    expect(recipients.map((r) => r.email)).not.toContain(person.email);
    const lines = await auditLines();
    const line = lines.find((l) => l.action === 'registration.erased');
    expect(line?.details).toEqual({ registrationId: person.id, files: 1, anonymised: true });
    const log = JSON.stringify(lines);
    expect(log).not.toContain(person.email);
    expect(log).not.toContain(person.lastName);
    // the export now holds nothing personal
    const zip = unzipSync(new Uint8Array(await (await personalData()).arrayBuffer()));
    expect(Buffer.from(zip['data.json'] ?? []).toString('utf8')).not.toContain(person.email);
    expect(Buffer.from(zip['personal-data.html'] ?? []).toString('utf8')).not.toContain(person.email);
    // a second erasure changes nothing and logs nothing
    await json(
      await up.call(`/events/${b2bEvent}/registrations/${person.id}/personal-data`, {
        method: 'DELETE',
        token: camille,
      }),
    );
    // (the demo holds an erasure of its own)
    const erasures = (await auditLines()).filter(
      (l) => l.action === 'registration.erased' && l.details.registrationId === person.id,
    );
    expect(erasures).toHaveLength(1);
  });
});

describe('retention', () => {
  const run = () =>
    up.call('/webhook/retention-run', {
      method: 'POST',
      headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
      json: {},
    });

  it('is set by owners only, between 1 and 240 months or none', async () => {
    const url = `/organizations/${orgId}/retention`;
    expect(retentionSettings.parse(await json(await up.call(url, { token: camille })))).toEqual({
      retentionMonths: null,
    });
    const member = await joinAs(up, camille, orgId, 'admin', 'admin-retention@example.com');
    expect((await up.call(url, { method: 'PUT', token: member, json: { retentionMonths: 6 } })).status).toBe(
      403,
    );
    expect((await up.call(url, { method: 'PUT', token: camille, json: { retentionMonths: 0 } })).status).toBe(
      400,
    );
    const set = await up.call(url, { method: 'PUT', token: camille, json: { retentionMonths: 12 } });
    expect(await json(set)).toEqual({ retentionMonths: 12 });
    expect(await json(await up.call(url, { token: member }))).toEqual({ retentionMonths: 12 });
  });

  it('anonymises the registrations of events ended more than N months ago, once', async () => {
    expect((await up.call('/webhook/retention-run', { method: 'POST', json: {} })).status).toBe(401);
    const [old] = await up.db.query<{ id: number }>(
      `SELECT e.id FROM events e WHERE e.organization_id = $1 AND e.id <> $2
         AND EXISTS (SELECT 1 FROM registrations r WHERE r.event_id = e.id) ORDER BY e.id LIMIT 1`,
      [orgId, b2bEvent],
    );
    const eventId = Number(old?.id);
    await up.db.query(
      `UPDATE events SET start_date = now() - interval '14 months', end_date = now() - interval '13 months'
        WHERE id = $1`,
      [eventId],
    );
    const live = async (id: number) =>
      (
        await up.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM registrations WHERE event_id = $1 AND erased_at IS NULL',
          [id],
        )
      )[0]?.n;
    const untouched = await live(b2bEvent);
    const first = await json<{ anonymised: number; events: number[] }>(await run());
    expect(first.anonymised).toBeGreaterThan(0);
    expect(first.events).toContain(eventId);
    expect(await live(eventId)).toBe(0);
    expect(await live(b2bEvent)).toBe(untouched);
    expect(await json(await run())).toEqual({ anonymised: 0, events: [], webhookEventsPurged: 0 });
    const line = (await auditLines()).find((l) => l.action === 'registrations.anonymised');
    expect(line?.details).toEqual({ count: first.anonymised, reason: 'retention' });
  });

  it("keeps the webhooks' delivery log 30 days, and an event still to be tried until it is done with", async () => {
    const [endpoint] = await up.db.query<{ id: number }>(
      'SELECT id FROM webhook_endpoints WHERE organization_id = $1 LIMIT 1',
      [orgId],
    );
    const event = async (daysAgo: number, status: string) => {
      const [row] = await up.db.query<{ id: string }>(
        `INSERT INTO webhook_events (id, organization_id, type, payload, created_at)
         VALUES (gen_random_uuid(), $1, 'checkin.created', '{}', now() - make_interval(days => $2)) RETURNING id`,
        [orgId, daysAgo],
      );
      await up.db.query(
        'INSERT INTO webhook_deliveries (event_id, endpoint_id, status) VALUES ($1, $2, $3)',
        [row?.id, endpoint?.id, status],
      );
      return String(row?.id);
    };
    const old = [await event(31, 'delivered'), await event(40, 'failed')];
    const kept = [await event(31, 'retrying'), await event(29, 'delivered')];
    const result = await json<{ webhookEventsPurged: number }>(await run());
    expect(result.webhookEventsPurged).toBe(2);
    const left = await up.db.query<{ id: string }>(
      'SELECT id FROM webhook_events WHERE id = ANY($1::uuid[])',
      [[...old, ...kept]],
    );
    expect(left.map((r) => r.id).sort()).toEqual([...kept].sort());
  });
});
