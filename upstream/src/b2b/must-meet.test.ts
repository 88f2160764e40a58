import { agenda, directory, programmeView, requestView } from '@evt/contracts/b2b';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER } from '../seed/demo';
import { DEMO_B2B_KEY } from '../seed/demo-b2b';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { registerCompany, SERVICE, type SpaceWho, spaceCall } from './test-company';

const SLUG = 'forum-b2b-lyon';
let up: TestUpstream;
let token: string;
let eventId: number;
let mine: SpaceWho;
let demo: SpaceWho;
let sent: number[];

const space = (op: string, who: SpaceWho, extra: object = {}) => spaceCall(up, op, who, extra, SLUG);
const mark = (who: SpaceWho, requestId: number, mustMeet: boolean) =>
  space('must-meet', who, { requestId, mustMeet });
const errorCodeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const partnersOf = async (code: number) =>
  (
    await up.db.query<{ to_id: number }>(
      `SELECT to_id FROM b2b_requests WHERE from_id = $1 AND status IN ('pending', 'accepted')`,
      [code],
    )
  ).map((r) => Number(r.to_id));
const view = async () =>
  programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());

beforeAll(async () => {
  up = await startTestUpstream();
  token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  eventId = ((await (await up.call(`/public/events/${SLUG}`, { headers: SERVICE })).json()) as { id: number })
    .id;
  // available every working day, so it shares a slot with every company of the demo
  mine = await registerCompany(up, SLUG, 'must-meet@example.sn', 'Must Meet Test');
  const all = directory.parse(await (await space('directory', mine, { query: {} })).json());
  demo = {
    code: all.data.find((c) => c.companyName === 'Atlas Industries')?.id as number,
    key: DEMO_B2B_KEY,
  };
  sent = [];
  for (const c of all.data.filter((x) => x.id !== demo.code).slice(0, 4)) {
    const res = await space('send', mine, { request: { toId: c.id, message: '', online: false } });
    expect(res.status).toBe(201);
    sent.push(requestView.parse(await res.json()).id);
  }
});
afterAll(() => up?.close());

describe('B2B programme: must-meet requests', () => {
  it(`marks at most three of the requests a company sent, and only its own`, async () => {
    for (const id of sent.slice(0, 3)) {
      const res = await mark(mine, id, true);
      expect(res.status).toBe(200);
      expect(requestView.parse(await res.json())).toMatchObject({ id, mustMeet: true });
    }
    const fourth = await mark(mine, sent[3]!, true);
    expect(fourth.status).toBe(409);
    expect(await errorCodeOf(fourth)).toBe('b2b_must_meet_limit');
    // another company (with its own valid link) cannot mark a request it did not send
    const stranger = await mark(demo, sent[0]!, false);
    expect(stranger.status).toBe(404);
    // unmarked, the place is free again
    expect((await mark(mine, sent[2]!, false)).status).toBe(200);
    expect((await mark(mine, sent[3]!, true)).status).toBe(200);
    const requests = (await (await space('requests', mine)).json()) as { data: unknown[] };
    const marked = requests.data.map((r) => requestView.parse(r)).filter((r) => r.mustMeet);
    expect(marked.map((r) => r.id).sort()).toEqual([sent[0], sent[1], sent[3]].sort());
  });

  it('schedules the must-meet requests first and shows which were placed, or why not', async () => {
    const before = await view();
    // the run kept to this company, its partners and their other requests: what it shows, without the
    // rest of the demo's programme (seconds of CPU on a shared machine)
    const partners = await partnersOf(mine.code);
    await up.db.query(
      `UPDATE b2b_requests SET status = 'withdrawn'
       WHERE event_id = $1 AND status IN ('pending', 'accepted')
         AND NOT (from_id = ANY($2::int[]) OR to_id = ANY($2::int[]))`,
      [eventId, [mine.code, ...partners]],
    );
    // a quota of two meetings: of the three must-meet requests one cannot be placed, whatever the schedule
    await up.call(`/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      token,
      json: { ...before.settings, mutualAcceptance: false, meetingQuota: 2 },
    });
    await up.call(`/events/${eventId}/b2b/freeze`, { method: 'POST', token, json: { frozen: true } });
    const frozen = await mark(mine, sent[2]!, true);
    expect(frozen.status).toBe(409);
    expect(await errorCodeOf(frozen)).toBe('b2b_frozen');
    expect((await up.call(`/events/${eventId}/b2b/schedule`, { method: 'POST', token })).status).toBe(202);
    let done = await view();
    for (let i = 0; i < 600 && done.run.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = await view();
    }
    expect(done.run.state).toBe('done');
    expect(done.figures).toMatchObject({ mustMeet: 3, mustMeetPlaced: 2 });
    // the company's two meetings are two of its must-meet requests, not its ordinary one
    const ours = done.meetings.filter((m) => m.fromId === mine.code || m.toId === mine.code);
    expect(ours.map((m) => m.mustMeet)).toEqual([true, true]);
    const left = done.unplaced.filter((u) => u.mustMeet);
    expect(left.map((u) => u.reason)).toEqual(['quota_reached']);

    expect((await up.call(`/events/${eventId}/b2b/publish`, { method: 'POST', token })).status).toBe(200);
    const mineAgenda = agenda.parse(await (await space('agenda', mine)).json());
    expect(mineAgenda.mustMeet).toHaveLength(3);
    expect(mineAgenda.mustMeet.filter((m) => m.placed)).toHaveLength(2);
    expect(mineAgenda.mustMeet.filter((m) => !m.placed).map((m) => m.reason)).toEqual(['quota_reached']);
    // a company without must-meet requests sees none
    expect(agenda.parse(await (await space('agenda', demo)).json()).mustMeet).toEqual([]);
  }, 180_000);
});
