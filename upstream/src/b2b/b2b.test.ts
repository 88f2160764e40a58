import {
  agenda,
  companyProfile,
  directory,
  programmeView,
  requestView,
  spaceMe,
  suggestions,
} from '@evt/contracts/b2b';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { DEMO_B2B_KEY, DEMO_B2B_PER_PROFILE } from '../seed/demo-b2b';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { companiesOf, programmeOf, summaryOf } from './companies';
import { scheduleInputOf } from './schedule';
import { registerCompany, SERVICE, spaceCall } from './test-company';

const SLUG = 'forum-b2b-lyon';
let up: TestUpstream;
let token: string;
let eventId: number;
/** the company registered by the test, and the first demo company (its key is known) */
let mine: { code: number; key: string };
let demo: { code: number; key: string };

const space = (op: string, who: { code: number; key: string }, extra: object = {}, slug = SLUG) =>
  spaceCall(up, op, who, extra, slug);

const errorCodeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

beforeAll(async () => {
  up = await startTestUpstream();
  token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  eventId = ((await (await up.call(`/public/events/${SLUG}`, { headers: SERVICE })).json()) as { id: number })
    .id;
  const email = 'moussa-b2b@example.sn';
  // registered on the form, confirmed from the outbox; the personal link comes by mail once confirmed
  mine = await registerCompany(up, SLUG, email);
  const all = directory.parse(
    await (await space('directory', mine, { query: { q: 'Atlas Industries' } })).json(),
  );
  demo = { code: all.data[0]?.id as number, key: DEMO_B2B_KEY };
});
afterAll(() => up?.close());

describe('B2B programme: the company space', () => {
  it('opens with the personal link only: another event, an old or a made-up key is unknown', async () => {
    const me = spaceMe.parse(await (await space('me', mine)).json());
    expect(me.company).toMatchObject({
      companyName: 'Agro Sahel Test',
      profileType: 'investor',
      country: 'SN',
    });
    expect(me.programme.frozen).toBe(false);
    expect((await space('me', { ...mine, key: 'a'.repeat(48) })).status).toBe(404);
    expect(await errorCodeOf(await space('me', { ...mine, key: 'a'.repeat(48) }))).toBe('b2b_link_unknown');
    expect((await space('me', mine, {}, 'sii-2027')).status).toBe(404);
    expect((await space('me', { code: demo.code, key: mine.key })).status).toBe(404);
    // without the service header nothing answers
    const bare = await up.call('/public/b2b/space/me', { method: 'POST', json: { slug: SLUG, ...mine } });
    expect(bare.status).toBe(401);
  });

  it('re-sends the link to the registered address only, and the old one stops working', async () => {
    const res = await up.call('/public/b2b/link', {
      method: 'POST',
      headers: SERVICE,
      json: { slug: SLUG, code: mine.code, linkBase: 'http://visitor.test' },
    });
    expect(res.status).toBe(202);
    expect((await space('me', mine)).status).toBe(404);
    const links = (await up.outbox())
      .filter((m) => m.to === 'moussa-b2b@example.sn')
      .flatMap((m) => m.links)
      .filter((l) => l.includes('/b2b-'));
    const fresh = /b2b-(\d+)#key=([0-9a-f]{48})$/.exec(links.find((l) => !l.endsWith(mine.key)) ?? '');
    mine = { code: Number(fresh?.[1]), key: String(fresh?.[2]) };
    expect((await space('me', mine)).status).toBe(200);
    // an unknown code gets the same answer and no mail
    const before = (await up.outbox()).length;
    const unknown = await up.call('/public/b2b/link', {
      method: 'POST',
      headers: SERVICE,
      json: { slug: SLUG, code: 999_999, linkBase: 'http://visitor.test' },
    });
    expect(unknown.status).toBe(202);
    expect((await up.outbox()).length).toBe(before);
  });

  it('lists the directory with filters and suggests matches ranked by score, with reasons', async () => {
    const all = directory.parse(await (await space('directory', mine)).json());
    // one demo company in eight did not agree to be listed (opt-in)
    expect(all.total).toBe((DEMO_B2B_PER_PROFILE * 4 * 7) / 8);
    expect(all.data.some((c) => c.id === mine.code)).toBe(false);
    const buyers = directory.parse(
      await (await space('directory', mine, { query: { profileType: 'buyer' } })).json(),
    );
    expect(buyers.total).toBe(DEMO_B2B_PER_PROFILE);
    expect(buyers.data.every((c) => c.profileType === 'buyer')).toBe(true);
    const bad = await space('directory', mine, { query: { profileType: 'pirate' } });
    expect(bad.status).toBe(400);
    const ranked = suggestions.parse(await (await space('suggestions', mine)).json()).data;
    expect(ranked.length).toBeGreaterThan(0);
    // never a company it can never meet: each shares a slot of the programme with it
    const input = await scheduleInputOf(up.db, await programmeOf(up.db, eventId));
    const slotsOfCompany = new Map(input.companies.map((c) => [c.id, c.availableSlotIds]));
    for (const c of ranked)
      expect(slotsOfCompany.get(c.id)?.some((s) => slotsOfCompany.get(mine.code)?.includes(s))).toBe(true);
    expect(ranked.map((c) => c.score)).toEqual([...ranked.map((c) => c.score)].sort((a, b) => b - a));
    const top = ranked[0];
    const profile = companyProfile.parse(await (await space('company', mine, { companyId: top?.id })).json());
    expect(profile.score).toBe(top?.score);
    expect(profile.reasons.length).toBeGreaterThan(0);
    expect(profile.reasons[0]?.key).toMatch(/^\w+$/);
  });

  it('shows employees, revenue and certifications, filters by revenue band and certification', async () => {
    const all = directory.parse(await (await space('directory', mine)).json()).data;
    // the demo's companies carry believable values: a count within their size band, mostly a revenue band
    expect(all.every((c) => c.employees !== null && c.companySize !== '')).toBe(true);
    expect(all.filter((c) => c.annualRevenue !== '').length).toBeGreaterThan(all.length / 2);
    expect(all.filter((c) => c.certifications.length > 0).length).toBeGreaterThan(all.length / 2);

    const query = async (q: object) =>
      directory.parse(await (await space('directory', mine, { query: q })).json()).data;
    const midsize = await query({ revenue: '2m_10m' });
    expect(midsize.length).toBeGreaterThan(0);
    expect(midsize.length).toBeLessThan(all.length);
    expect(midsize.every((c) => c.annualRevenue === '2m_10m')).toBe(true);
    const haccp = await query({ certification: 'haccp' });
    expect(haccp.length).toBeGreaterThan(0);
    expect(haccp.every((c) => c.certifications.includes('haccp'))).toBe(true);
    // both at once, with the other filters
    const both = await query({
      certification: 'haccp',
      revenue: '2m_10m',
      sector: 'agriculture_agroindustry',
    });
    expect(both.every((c) => c.annualRevenue === '2m_10m' && c.certifications.includes('haccp'))).toBe(true);
    expect((await space('directory', mine, { query: { revenue: 'a_lot' } })).status).toBe(400);
    expect((await space('directory', mine, { query: { certification: 'iso_1' } })).status).toBe(400);

    // the registered company as another sees it: 45 employees (an SME), its revenue band, its certifications
    const seen = await (async () => {
      const found = directory.parse(
        await (
          await space('directory', demo, { query: { q: 'Agro Sahel Test', certification: 'iso_9001' } })
        ).json(),
      );
      return found.data.find((c) => c.id === mine.code);
    })();
    expect(seen).toMatchObject({
      employees: 45,
      companySize: 'sme',
      annualRevenue: '2m_10m',
      certifications: ['iso_9001', 'haccp'],
    });

    // a shared certification is said among the reasons, as a note that adds no points
    const sharing =
      haccp.find((c) => c.id !== mine.code) ?? all.find((c) => c.certifications.includes('iso_9001'));
    const profile = companyProfile.parse(
      await (await space('company', mine, { companyId: sharing?.id })).json(),
    );
    expect(profile.score).toBe(sharing?.score);
    expect(profile.reasons.at(-1)).toMatchObject({
      criterion: 'certifications',
      points: 0,
      key: 'sharedCertification',
    });
  });

  it('reads a company registered before the form asked the number by its size band (migration 071)', async () => {
    const other = (await up.db.query<{ id: number }>(`SELECT id FROM events WHERE slug = 'sii-2027'`))[0]?.id;
    const [row] = await up.db.query<{ id: number }>(
      `INSERT INTO registrations (event_id, role, kind, status, email, full_name, last_name, data, locale, confirmed_at)
       VALUES ($1, 'b2b', 'b2b', 'confirmed', 'old-b2b@example.org', 'Old Co', 'Old Co', $2::jsonb, 'fr', now())
       RETURNING id`,
      [other, JSON.stringify({ companyName: 'Old Co', profileType: 'buyer', companySize: 'large' })],
    );
    const sql = await readFile(new URL('../db/migrations/071_b2b_employees.sql', import.meta.url), 'utf8');
    await up.db.query(sql);
    const [data] = await up.db.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM registrations WHERE id = $1',
      [row?.id],
    );
    expect(data?.data).toMatchObject({ companyName: 'Old Co', employees: 'large' });
    expect(data?.data).not.toHaveProperty('companySize');
    const company = (await companiesOf(up.db, Number(other))).find((c) => c.profile.id === Number(row?.id));
    expect(company?.profile.companySize).toBe('large');
    expect(summaryOf(company!, 0)).toMatchObject({ companySize: 'large', employees: null });
    // run twice, it changes nothing more
    await up.db.query(sql);
    await up.db.query('DELETE FROM registrations WHERE id = $1', [row?.id]);
  });

  it('names the best matches it can never meet, with when they are available, instead of suggesting them', async () => {
    const set = (slots: string[]) =>
      up.db.query(`UPDATE registrations SET data = jsonb_set(data, '{timeSlots}', $2::jsonb) WHERE id = $1`, [
        mine.code,
        JSON.stringify(slots),
      ]);
    // available only in the evening, when the programme (09:00–17:00) has no slot: it can meet no one
    await set(['evening']);
    try {
      const answer = suggestions.parse(await (await space('suggestions', mine)).json());
      expect(answer.data).toEqual([]);
      expect(answer.leftOut.length).toBeGreaterThan(0);
      expect(answer.leftOut.length).toBeLessThanOrEqual(5);
      expect(answer.leftOut.map((c) => c.score)).toEqual(
        [...answer.leftOut.map((c) => c.score)].sort((a, b) => b - a),
      );
      const profile = companyProfile.parse(
        await (await space('company', mine, { companyId: answer.leftOut[0]?.id })).json(),
      );
      expect(answer.leftOut[0]).toMatchObject({
        companyName: profile.companyName,
        timeSlots: profile.timeSlots,
      });
    } finally {
      await set(['full_day']);
    }
    // able to meet again: nothing is left out for availability any more
    expect(suggestions.parse(await (await space('suggestions', mine)).json()).leftOut).toEqual([]);
  });

  it('refuses a request to oneself, a second open one, one past the cap and one after a decline', async () => {
    expect(await errorCodeOf(await space('send', mine, { request: { toId: mine.code, message: '' } }))).toBe(
      'b2b_self',
    );
    const sent = await space('send', mine, { request: { toId: demo.code, message: 'Hello', online: false } });
    expect(sent.status).toBe(201);
    const request = requestView.parse(await sent.json());
    expect(request).toMatchObject({ direction: 'sent', status: 'pending', otherId: demo.code });
    expect(await errorCodeOf(await space('send', mine, { request: { toId: demo.code } }))).toBe(
      'b2b_duplicate',
    );
    // the other company answers from its own space; the requester cannot accept its own request
    expect((await space('act', mine, { requestId: request.id, action: 'accept' })).status).toBe(404);
    const declined = await space('act', demo, {
      requestId: request.id,
      action: 'decline',
      decline: { reason: 'Busy' },
    });
    expect(requestView.parse(await declined.json())).toMatchObject({
      status: 'declined',
      declineReason: 'Busy',
    });
    expect(await errorCodeOf(await space('send', mine, { request: { toId: demo.code } }))).toBe(
      'b2b_declined',
    );

    // the cap, set by the organiser
    const view = programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());
    const put = await up.call(`/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      token,
      json: { ...view.settings, requestCap: 1 },
    });
    expect(put.status).toBe(200);
    const others = directory.parse(await (await space('directory', mine)).json()).data;
    const first = await space('send', mine, { request: { toId: others[1]?.id } });
    expect(first.status).toBe(201);
    expect(await errorCodeOf(await space('send', mine, { request: { toId: others[2]?.id } }))).toBe(
      'b2b_cap',
    );
    // withdrawing frees a place
    const id = requestView.parse(await first.json()).id;
    expect((await space('act', mine, { requestId: id, action: 'withdraw' })).status).toBe(200);
    expect((await space('send', mine, { request: { toId: others[2]?.id } })).status).toBe(201);
    await up.call(`/events/${eventId}/b2b/settings`, { method: 'PUT', token, json: view.settings });
  });

  it('refuses every change once frozen, and the agenda stays empty until published', async () => {
    const others = directory.parse(await (await space('directory', mine)).json()).data;
    expect(
      (await up.call(`/events/${eventId}/b2b/freeze`, { method: 'POST', token, json: { frozen: true } }))
        .status,
    ).toBe(200);
    expect(await errorCodeOf(await space('send', mine, { request: { toId: others[5]?.id } }))).toBe(
      'b2b_frozen',
    );
    expect(agenda.parse(await (await space('agenda', mine)).json())).toMatchObject({
      published: false,
      meetings: [],
    });
    await up.call(`/events/${eventId}/b2b/freeze`, { method: 'POST', token, json: { frozen: false } });
  });
});

describe('B2B programme: the organiser', () => {
  it('is for members of the event organisation only', async () => {
    const other = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
    expect((await up.call(`/events/${eventId}/b2b`, { token: other })).status).toBe(403);
    expect(
      (
        await up.call(`/events/${eventId}/b2b/freeze`, {
          method: 'POST',
          token: other,
          json: { frozen: true },
        })
      ).status,
    ).toBe(403);
    expect((await up.call(`/events/${eventId}/b2b/publish`, { method: 'POST', token: other })).status).toBe(
      403,
    );
    expect((await up.call(`/events/${eventId}/b2b`)).status).toBe(401);
  });

  it('seeds a demo a person would believe: every company can meet within the programme’s hours', async () => {
    const current = programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());
    const input = await scheduleInputOf(up.db, await programmeOf(up.db, current.eventId));
    const idle = input.companies.filter((c) => c.availableSlotIds.length === 0);
    expect(idle).toEqual([]);
    // and every request the demo's companies sent can be placed somewhere: none is "no common slot"
    const slotsOf = new Map(input.companies.map((c) => [c.id, new Set(c.availableSlotIds)]));
    const seeded = input.requests.filter((r) => r.from !== mine.code && r.to !== mine.code);
    const neverMeet = seeded.filter(
      (r) => ![...(slotsOf.get(r.from) ?? [])].some((s) => slotsOf.get(r.to)?.has(s)),
    );
    expect(neverMeet).toEqual([]);
    expect(seeded.length).toBeGreaterThan(100);
  });

  it('shows the programme with its figures, refuses bad settings and a run before the freeze', async () => {
    const view = programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());
    expect(view.figures.companies).toBe(DEMO_B2B_PER_PROFILE * 4 + 1);
    expect(view.figures.accepted).toBeGreaterThan(0);
    expect(view.slots.length).toBeGreaterThan(0);
    const bad = await up.call(`/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      token,
      json: { ...view.settings, dayStart: '18:00', dayEnd: '09:00' },
    });
    expect(bad.status).toBe(400);
    const early = await up.call(`/events/${eventId}/b2b/schedule`, { method: 'POST', token });
    expect(early.status).toBe(409);
    expect(await errorCodeOf(early)).toBe('b2b_not_frozen');
  });

  it('stores the matching weights through config_matching and scores with them', async () => {
    const weights = {
      offerNeed: 0,
      profilePair: 0,
      sectors: 0,
      targetMarket: 0,
      format: 10,
      availability: 0,
      size: 0,
    };
    const bad = await up.call(`/webhook/config_matching?f=${eventId}`, {
      method: 'POST',
      headers: SERVICE,
      json: { form_id: 1, config: { weights: { format: 11 }, minScore: 0 } },
    });
    expect(bad.status).toBe(400);
    const ok = await up.call(`/webhook/config_matching?f=${eventId}`, {
      method: 'POST',
      headers: SERVICE,
      json: { form_id: 1, config: { weights, minScore: 0 } },
    });
    expect(ok.status).toBe(200);
    const view = programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());
    expect(view.match.weights.format).toBe(10);
    const hybrid = directory.parse(
      await (await space('directory', mine, { query: { format: 'hybrid' } })).json(),
    );
    // only the format counts now: every hybrid company (like this one) scores the top
    expect(new Set(hybrid.data.map((c) => c.score))).toEqual(new Set([100]));
  });
});

describe('B2B programme: schedule, hand moves and publication', () => {
  const view = async () =>
    programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());

  it('runs the scheduler off the request path, places requests and says why others are left out', async () => {
    const before = await view();
    // without mutual acceptance, sent requests are placed too (this company's is still pending)
    await up.call(`/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      token,
      json: { ...before.settings, mutualAcceptance: false, meetingQuota: 3 },
    });
    await up.call(`/events/${eventId}/b2b/freeze`, { method: 'POST', token, json: { frozen: true } });
    const started = await up.call(`/events/${eventId}/b2b/schedule`, { method: 'POST', token });
    expect(started.status).toBe(202);
    expect(programmeView.parse(await started.json()).run.state).toBe('running');
    let done = await view();
    for (let i = 0; i < 300 && done.run.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = await view();
    }
    expect(done.run.state).toBe('done');
    expect(done.figures.placed).toBeGreaterThan(0);
    expect(done.figures.maxMeetings).toBeLessThanOrEqual(3);
    // no company twice in a slot, no table twice in a slot
    const seen = new Set<string>();
    for (const m of done.meetings) {
      for (const key of [`${m.fromId}@${m.slotId}`, `${m.toId}@${m.slotId}`, `${m.tableId}#${m.slotId}`]) {
        if (key.startsWith('null#')) continue;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
    // a quota of 3 leaves requests out, each with its reason
    expect(done.unplaced.length).toBeGreaterThan(0);
    expect(['no_common_slot', 'partner_full', 'tables_full', 'quota_reached']).toContain(
      done.unplaced[0]?.reason,
    );
  });

  it('checks a hand move against the same rules', async () => {
    const current = await view();
    const [a, b] = current.meetings.filter((m) => m.tableId !== null);
    expect(a && b).toBeTruthy();
    if (!a || !b) return;
    // onto another meeting's table and slot: refused
    const taken = await up.call(`/events/${eventId}/b2b/meetings/${a.requestId}/move`, {
      method: 'POST',
      token,
      json: { slotId: b.slotId, tableId: b.tableId },
    });
    expect(taken.status).toBe(409);
    expect(await errorCodeOf(taken)).toMatch(/^b2b_move_/);
    // onto its own slot at a free table: accepted
    const used = new Set(current.meetings.filter((m) => m.slotId === a.slotId).map((m) => m.tableId));
    const free = current.settings.tables.map((_, i) => `t${i + 1}`).find((t) => !used.has(t));
    const moved = await up.call(`/events/${eventId}/b2b/meetings/${a.requestId}/move`, {
      method: 'POST',
      token,
      json: { slotId: a.slotId, tableId: free },
    });
    // a refusal names its rule in the failure (it was seen once on a loaded machine, not understood)
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(
      programmeView.parse(await moved.json()).meetings.find((m) => m.requestId === a.requestId)?.tableId,
    ).toBe(free);
    // in person without a table named: it gets the slot's free table, never none (the next run would
    // overfill the slot)
    const unnamed = await up.call(`/events/${eventId}/b2b/meetings/${a.requestId}/move`, {
      method: 'POST',
      token,
      json: { slotId: a.slotId, tableId: null },
    });
    expect(unnamed.status, await unnamed.clone().text()).toBe(200);
    const after = programmeView.parse(await unnamed.json());
    expect(after.meetings.find((m) => m.requestId === a.requestId)?.tableId).not.toBeNull();
    expect(after.run.optimal === true || (after.run.gapPct ?? -1) >= 0).toBe(true);
    expect(after.lockedConflicts).toEqual([]);
  });

  it('publishes: every company gets its agenda by mail, a later change only those affected', async () => {
    const mailsBefore = (await up.outbox()).length;
    const published = await up.call(`/events/${eventId}/b2b/publish`, { method: 'POST', token });
    expect(published.status).toBe(200);
    const first = programmeView.parse(await published.json());
    expect(first.publishedAt).not.toBeNull();
    let mails = await up.outbox();
    for (let i = 0; i < 100 && mails.length - mailsBefore < first.figures.companies; i++) {
      await new Promise((r) => setTimeout(r, 100));
      mails = await up.outbox();
    }
    expect(mails.length - mailsBefore).toBe(first.figures.companies);
    // each in the company's own language (this one registered in English)
    expect(
      mails.some((m) => m.to === 'moussa-b2b@example.sn' && m.subject.startsWith('Your B2B agenda')),
    ).toBe(true);
    expect(mails.some((m) => m.subject.startsWith('Votre agenda B2B'))).toBe(true);
    expect(mails.some((m) => m.subject.startsWith('B2B商談スケジュール'))).toBe(true);

    // the company sees its agenda, with stable UIDs
    const mineAgenda = agenda.parse(await (await space('agenda', mine)).json());
    expect(mineAgenda.published).toBe(true);

    // on the day: a cancellation, then a publication mails the two companies only
    const meeting = first.meetings.find((m) => m.status === 'scheduled');
    if (!meeting) throw new Error('no meeting');
    const cancelled = await up.call(`/events/${eventId}/b2b/meetings/${meeting.requestId}/status`, {
      method: 'POST',
      token,
      json: { status: 'cancelled' },
    });
    expect(programmeView.parse(await cancelled.json()).pendingChanges).toBe(1);
    const held = first.meetings.find((m) => m.status === 'scheduled' && m.requestId !== meeting.requestId);
    const heldRes = await up.call(`/events/${eventId}/b2b/meetings/${held?.requestId}/status`, {
      method: 'POST',
      token,
      json: { status: 'held' },
    });
    expect(programmeView.parse(await heldRes.json()).pendingChanges).toBe(1);
    const count = (await up.outbox()).length;
    await up.call(`/events/${eventId}/b2b/publish`, { method: 'POST', token });
    let after = await up.outbox();
    for (let i = 0; i < 50 && after.length - count < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await up.outbox();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect((await up.outbox()).length - count).toBe(2);
  });
});
