import { registrationReport } from '@evt/contracts/analytics';
import { planningBoard, planningSession, publicProgramme } from '@evt/contracts/planning';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_WRITE, login, type RunningBff, startBff, startUpstream, testConfig } from './helpers';

/** Planning and reports through the BFF: the planning and report routes proxied, the public programme and its `.ics`. */
let upstream: TestUpstream;
let bff: RunningBff;
let cookie: string;
let eventId: number;
beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  cookie = (await login(bff.url)).cookie;
  const orgs = (await (await fetch(`${bff.url}/api/organizations`, { headers: { cookie } })).json()) as {
    data: { id: number }[];
  };
  const events = (await (
    await fetch(`${bff.url}/api/organizations/${orgs.data[0]?.id}/events`, { headers: { cookie } })
  ).json()) as { data: { id: number; slug: string }[] };
  eventId = events.data.find((e) => e.slug === 'sii-2027')?.id as number;
}, 90_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('planning through the BFF', () => {
  it('reads the board, refuses a backwards session before the upstream, saves a confirmed clash', async () => {
    const board = planningBoard.parse(
      await (
        await fetch(`${bff.url}/api/events/${eventId}/planning/sessions`, { headers: { cookie } })
      ).json(),
    );
    const first = board.sessions[0];
    if (!first) throw new Error('no demo session');
    const post = (body: unknown) =>
      fetch(`${bff.url}/api/events/${eventId}/planning/sessions`, {
        method: 'POST',
        headers: { ...JSON_WRITE, cookie },
        body: JSON.stringify(body),
      });
    const backwards = await post({ ...first, title: 'x', start: '12:00', end: '11:00' });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(await backwards.json())).toContain('planning.validation.endBeforeStart');
    const clash = { title: 'Clash', day: first.day, start: first.start, end: first.end, room: first.room };
    expect((await post(clash)).status).toBe(409);
    const saved = await post({ ...clash, confirmConflicts: true });
    expect(saved.status).toBe(201);
    planningSession.parse(await saved.json());
  });

  it('reads the registrations report with its filters validated', async () => {
    const res = await fetch(`${bff.url}/api/events/${eventId}/reports/registrations?kind=participant`, {
      headers: { cookie },
    });
    const report = registrationReport.parse(await res.json());
    expect(report.byKind.map((k) => k.key)).toEqual(['participant']);
    const bad = await fetch(`${bff.url}/api/events/${eventId}/reports/registrations?kind=nope`, {
      headers: { cookie },
    });
    expect(bad.status).toBe(400);
  });

  it('serves the public programme and an .ics whose UIDs stay the same across downloads', async () => {
    const json = publicProgramme.parse(
      await (await fetch(`${bff.url}/api/public/events/sii-2027/programme`)).json(),
    );
    expect(json.sessions.length).toBeGreaterThan(0);
    const ics = async () => {
      const res = await fetch(`${bff.url}/api/public/events/sii-2027/programme.ics`);
      expect(res.headers.get('content-type')).toContain('text/calendar');
      return res.text();
    };
    const a = await ics();
    const uids = (text: string) => [...text.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]?.trim());
    expect(uids(a)).toHaveLength(json.sessions.length);
    expect(uids(a)).toContain(`session-${json.sessions[0]?.id}@localhost:3000`);
    expect(uids(await ics())).toEqual(uids(a));
    // the sessions' instants in UTC, the event's zone named (the demo fair is in Paris)
    expect(a).toMatch(/DTSTART:\d{8}T\d{6}Z\r?\n/);
    expect(a).toContain('X-WR-TIMEZONE:Europe/Paris\r\n');
    expect((await fetch(`${bff.url}/api/public/events/no-such-event/programme`)).status).toBe(404);
  });
});
