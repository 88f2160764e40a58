import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { registrationReport } from '@evt/contracts/analytics';
import { planningBoard, planningSession, publicProgramme } from '@evt/contracts/planning';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

/** the extensions: the programme's sessions, its public read and the registrations report. */
let up: TestUpstream;
let camille: string;
let kenji: string;
let eventId: number;
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  const orgs = (await (await up.call('/organizations', { token: camille })).json()) as {
    data: { id: number }[];
  };
  const events = (await (
    await up.call(`/organizations/${orgs.data[0]?.id}/events`, { token: camille })
  ).json()) as {
    data: { id: number; slug: string }[];
  };
  eventId = events.data.find((e) => e.slug === 'sii-2027')?.id as number;
});
afterAll(() => up?.close());

const board = async () =>
  planningBoard.parse(
    await (await up.call(`/events/${eventId}/planning/sessions`, { token: camille })).json(),
  );
const create = (json: unknown, token = camille) =>
  up.call(`/events/${eventId}/planning/sessions`, { method: 'POST', token, json });

describe('planning sessions', () => {
  it('lists the demo programme with the event panelists as speakers', async () => {
    const { sessions, panelists } = await board();
    expect(sessions.length).toBeGreaterThanOrEqual(6);
    expect(panelists.length).toBeGreaterThan(0);
    const ids = new Set(panelists.map((p) => p.registrationId));
    expect(
      sessions.some((s) => s.speakers.some((sp) => sp.registrationId !== null && ids.has(sp.registrationId))),
    ).toBe(true);
  });

  it('refuses a session that ends before it starts', async () => {
    const res = await create({
      title: 'Backwards',
      day: '2027-01-20',
      start: '11:00',
      end: '10:00',
      room: 'A',
    });
    expect(res.status).toBe(400);
  });

  it('refuses a room booked twice unless confirmed, then keeps both', async () => {
    const session = {
      title: 'First',
      day: '2030-05-01',
      start: '10:00',
      end: '11:00',
      room: 'Salle Test',
      speakers: [],
    };
    expect((await create(session)).status).toBe(201);
    const clash = { ...session, title: 'Second', start: '10:30', end: '11:30', room: 'salle test' };
    const refused = await create(clash);
    expect(refused.status).toBe(409);
    const { error } = (await refused.json()) as { error: { details: { conflicts: { kind: string }[] } } };
    expect(error.details.conflicts).toEqual([expect.objectContaining({ kind: 'room' })]);
    const saved = await create({ ...clash, confirmConflicts: true });
    expect(saved.status).toBe(201);
    const titles = (await board()).sessions.filter((s) => s.day === '2030-05-01').map((s) => s.title);
    expect(titles).toEqual(['First', 'Second']);
  });

  it('flags a speaker in two rooms at once, by panelist registration', async () => {
    const { panelists } = await board();
    const speaker = { registrationId: panelists[0]?.registrationId, name: 'ignored' };
    const one = {
      title: 'A',
      day: '2030-06-01',
      start: '09:00',
      end: '10:00',
      room: 'R1',
      speakers: [speaker],
    };
    const first = planningSession.parse(await (await create(one)).json());
    expect(first.speakers[0]?.name).toBe(panelists[0]?.name);
    const res = await create({ ...one, room: 'R2' });
    expect(res.status).toBe(409);
  });

  it('moves and deletes a session; another organisation cannot', async () => {
    const created = planningSession.parse(
      await (
        await create({ title: 'Mobile', day: '2030-07-01', start: '09:00', end: '10:00', room: 'R9' })
      ).json(),
    );
    const moved = await up.call(`/events/${created.eventId}/planning/sessions/${created.id}`, {
      method: 'PUT',
      token: camille,
      json: { ...created, start: '15:00', end: '16:00', room: 'R8' },
    });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ start: '15:00', room: 'R8' });
    const foreign = await up.call(`/events/${created.eventId}/planning/sessions/${created.id}`, {
      method: 'DELETE',
      token: kenji,
    });
    expect(foreign.status).toBe(403);
    expect(
      (await create({ title: 'x', day: '2030-07-01', start: '09:00', end: '10:00', room: 'x' }, kenji))
        .status,
    ).toBe(403);
    const removed = await up.call(`/events/${created.eventId}/planning/sessions/${created.id}`, {
      method: 'DELETE',
      token: camille,
    });
    expect(removed.status).toBe(204);
  });

  it('serves the public programme to the BFF only', async () => {
    expect((await up.call('/public/events/sii-2027/programme')).status).toBe(401);
    const res = await up.call('/public/events/sii-2027/programme', {
      headers: { [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
    });
    const programme = publicProgramme.parse(await res.json());
    expect(programme.event.slug).toBe('sii-2027');
    expect(programme.sessions.length).toBeGreaterThanOrEqual(6);
  });
});

describe('registrations report', () => {
  const report = async (query = '', token = camille) =>
    up.call(`/events/${eventId}/reports/registrations${query}`, { token });

  it('computes every breakdown in one answer', async () => {
    const r = registrationReport.parse(await (await report()).json());
    expect(r.total).toBe(12);
    expect(r.pending + r.confirmed).toBe(12);
    expect(r.confirmationRate).toBeCloseTo(r.confirmed / 12);
    expect(r.byDay.at(-1)?.cumulative).toBe(12);
    expect(r.byDay.reduce((sum, d) => sum + d.count, 0)).toBe(12);
    for (const part of [r.byKind, r.byCountry, r.byLanguage])
      expect(part.reduce((sum, p) => sum + p.count, 0)).toBe(12);
    expect(r.byCountry.map((c) => c.key)).toContain('JP');
  });

  it('filters by kind and period', async () => {
    const panelists = registrationReport.parse(await (await report('?kind=panelist')).json());
    expect(panelists.byKind).toEqual([{ key: 'panelist', count: panelists.total }]);
    const none = registrationReport.parse(await (await report('?from=2000-01-01&to=2000-01-02')).json());
    expect(none).toMatchObject({ total: 0, confirmationRate: null, byDay: [] });
    expect((await report('?from=2001-01-02&to=2001-01-01')).status).toBe(400);
  });

  it('refuses another organisation', async () => {
    expect((await report('', kenji)).status).toBe(403);
  });
});
