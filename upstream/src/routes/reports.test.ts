import { registrationReport } from '@evt/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

/** The registrations report's check-in and B2B figures, in the report's one call. */
let up: TestUpstream;
let camille: string;
const events: Record<string, number> = {};
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const orgs = (await (await up.call('/organizations', { token: camille })).json()) as {
    data: { id: number }[];
  };
  const list = (await (
    await up.call(`/organizations/${orgs.data[0]?.id}/events`, { token: camille })
  ).json()) as {
    data: { id: number; slug: string }[];
  };
  for (const e of list.data) events[e.slug] = e.id;
});
afterAll(() => up?.close());

const report = async (slug: string, query = '') =>
  registrationReport.parse(
    await (await up.call(`/events/${events[slug]}/reports/registrations${query}`, { token: camille })).json(),
  );

describe('registrations report: check-ins and B2B', () => {
  it('counts the check-ins per kind and per UTC hour', async () => {
    const r = await report('sii-2027');
    // the demo's four arrivals between 09:05 and 10:40 on the first morning
    expect(r.checkIns?.total).toBe(4);
    expect(r.checkIns?.byKind.reduce((sum, k) => sum + k.count, 0)).toBe(4);
    expect(r.checkIns?.byHour.reduce((sum, h) => sum + h.count, 0)).toBe(4);
    expect(r.checkIns?.byHour.map((h) => h.hour.slice(11))).toEqual(['09:00Z', '10:00Z']);
    // filtered by a kind nobody of which came in: no check-in figures
    expect((await report('sii-2027', '?kind=panelist')).checkIns).toBeNull();
    // an event without a B2B programme says so
    expect(r.b2bMeetings).toBeNull();
  });

  it('gives the B2B programme’s requests, placed and held meetings', async () => {
    const id = events['forum-b2b-lyon'];
    const [requests] = await up.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM b2b_requests WHERE event_id = $1',
      [id],
    );
    const placed = await up.db.query<{ request_id: number }>(
      'SELECT request_id FROM b2b_meetings WHERE event_id = $1 ORDER BY request_id',
      [id],
    );
    await up.db.query(`UPDATE b2b_meetings SET status = 'held' WHERE request_id = $1`, [
      placed[0]?.request_id,
    ]);
    await up.db.query(`UPDATE b2b_meetings SET status = 'cancelled' WHERE request_id = $1`, [
      placed[1]?.request_id,
    ]);
    const r = await report('forum-b2b-lyon');
    expect(r.b2bMeetings).toEqual({
      requested: requests?.n,
      scheduled: placed.length - (placed.length > 1 ? 1 : 0),
      held: placed.length > 0 ? 1 : 0,
    });
    expect(r.b2bMeetings?.requested).toBeGreaterThan(0);
    expect((await report('forum-b2b-lyon', '?kind=participant')).b2bMeetings).toEqual({
      requested: 0,
      scheduled: 0,
      held: 0,
    });
  });
});
