import { companyLogo, programmeView, requestView, spaceMe } from '@evt/contracts/b2b';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import ja from '../../../locales/ja.json';
import { DEMO_ORGANISER } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { programmeOf, slotsOf } from './companies';
import { scheduleInputOf } from './schedule';
import { registerCompany, SERVICE, type SpaceWho, spaceCall } from './test-company';

const SLUG = 'forum-b2b-lyon';
let up: TestUpstream;
let token: string;
let eventId: number;
let asked: SpaceWho;
let asker: SpaceWho;
let waiting: SpaceWho;

const space = (op: string, who: SpaceWho, extra: object = {}) => spaceCall(up, op, who, extra, SLUG);
const view = async () =>
  programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());

/** The mail to `address` whose subject starts with `subject` (mails go after the answer). */
async function mailStarting(address: string, subject: string) {
  for (let i = 0; i < 100; i++) {
    const mail = (await up.outbox()).find((m) => m.to === address && m.subject.startsWith(subject));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail "${subject}" to ${address}`);
}

/** The space a mail's button opens: its link's code and key, as the space reads them. */
function spaceOf(links: readonly string[]): SpaceWho {
  // the key rides in the fragment, which no server or log sees
  const m = /\/b2b-(\d+)#key=([0-9a-f]{48})$/.exec(links.find((l) => /\/b2b-\d+#key=/.test(l)) ?? '');
  if (!m) throw new Error(`no space link in ${links.join(' ')}`);
  return { code: Number(m[1]), key: String(m[2]) };
}

beforeAll(async () => {
  up = await startTestUpstream();
  token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  eventId = ((await (await up.call(`/public/events/${SLUG}`, { headers: SERVICE })).json()) as { id: number })
    .id;
  asked = await registerCompany(up, SLUG, 'asked@example.org', 'Kobe Robotics Test', 'en');
  asker = await registerCompany(up, SLUG, 'asker@example.jp', 'Osaka Trading Test', 'ja');
  waiting = await registerCompany(up, SLUG, 'waiting@example.org', 'Lyon Waiting Test', 'en');
});
afterAll(() => up?.close());

describe('B2B companies are told what happens, in their language', () => {
  it('mails the company asked when a request arrives, with a button that opens its space', async () => {
    const sent = await space('send', asker, {
      request: { toId: asked.code, message: 'Shall we talk robotics?', online: false },
    });
    expect(sent.status).toBe(201);
    const mail = await mailStarting('asked@example.org', 'New B2B meeting request');
    expect(mail.text).toContain('Osaka Trading Test asks Kobe Robotics Test for a meeting');
    expect(mail.text).toContain('Shall we talk robotics?');
    const opened = spaceOf(mail.links);
    expect(opened.code).toBe(asked.code);
    const me = spaceMe.parse(await (await space('me', opened)).json());
    expect(me.company.companyName).toBe('Kobe Robotics Test');
    // the personal link mailed first keeps working
    expect((await space('me', asked)).status).toBe(200);
    // the mail's key opens that company's space only
    expect((await space('me', { code: asker.code, key: opened.key })).status).toBe(404);
  });

  it('mails the company that asked once its request is accepted, in Japanese for a Japanese company', async () => {
    const requests = (await (await space('requests', asked)).json()) as { data: unknown[] };
    const request = requestView
      .array()
      .parse(requests.data)
      .find((r) => r.otherId === asker.code);
    const accepted = await space('act', asked, { requestId: request?.id, action: 'accept' });
    expect(accepted.status).toBe(200);
    const mail = await mailStarting('asker@example.jp', '商談の申し込みが承諾されました');
    expect(mail.text).toContain('Kobe Robotics Testが');
    expect(spaceOf(mail.links).code).toBe(asker.code);
  });
});

describe('a company’s uploaded logo', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );

  it('is shown to the programme’s companies, and to nobody without a personal link', async () => {
    const form = new FormData();
    form.set('eventSlug', SLUG);
    form.set('kind', 'b2b');
    form.set('field', 'logo');
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const uploaded = await up.call('/public/uploads', { method: 'POST', headers: SERVICE, body: form });
    expect(uploaded.status).toBe(201);
    const { token: logo } = (await uploaded.json()) as { token: string };
    const withLogo = await registerCompany(up, SLUG, 'logo@example.org', 'Logo Works Test', 'en', { logo });
    const seen = companyLogo.parse(await (await space('logo', asked, { companyId: withLogo.code })).json());
    expect(seen.logo?.type).toBe('image/png');
    expect(Buffer.from(seen.logo?.data ?? '', 'base64').equals(PNG)).toBe(true);
    // a company without one: none
    const none = companyLogo.parse(await (await space('logo', withLogo, { companyId: asked.code })).json());
    expect(none.logo).toBeNull();
    // a made-up key opens nothing
    expect(
      (await space('logo', { ...asked, key: 'a'.repeat(48) }, { companyId: withLogo.code })).status,
    ).toBe(404);
  });
});

describe('the scheduler’s result names every company left short, and why', () => {
  it('tells the organiser and the company left without a meeting, times with their time zone', async () => {
    // the event is in Tokyo: every time a company reads is on Tokyo's clock, named (not Paris's)
    await up.db.query("UPDATE events SET time_zone = 'Asia/Tokyo' WHERE id = $1", [eventId]);
    // a request still waiting for its answer under mutual acceptance: never placed, and said so
    expect(
      (await space('send', waiting, { request: { toId: asked.code, message: '', online: false } })).status,
    ).toBe(201);
    const before = await view();
    await up.call(`/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      token,
      json: { ...before.settings, mutualAcceptance: true },
    });
    await up.call(`/events/${eventId}/b2b/freeze`, { method: 'POST', token, json: { frozen: true } });
    expect((await up.call(`/events/${eventId}/b2b/schedule`, { method: 'POST', token })).status).toBe(202);
    let done = await view();
    for (let i = 0; i < 300 && done.run.state === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      done = await view();
    }
    expect(done.run.state).toBe('done');
    expect(done.unplaced).toContainEqual(
      expect.objectContaining({
        fromName: 'Lyon Waiting Test',
        toName: 'Kobe Robotics Test',
        reason: 'awaiting_answer',
      }),
    );
    const short = done.shortfalls.find((s) => s.companyId === waiting.code);
    expect(short).toMatchObject({ asked: 1, placed: 0 });
    expect(short?.missing.map((m) => m.reason)).toEqual(['awaiting_answer']);
    // the fewest meetings are named
    expect(done.figures.minCompanies.length).toBeGreaterThan(0);
    expect(done.figures.minCompanies).toContain('Lyon Waiting Test');

    expect((await up.call(`/events/${eventId}/b2b/publish`, { method: 'POST', token })).status).toBe(200);
    const left = await mailStarting('waiting@example.org', 'Your B2B agenda');
    expect(left.text).toContain('Fewer meetings than you asked for could be placed: 0 of 1.');
    expect(left.text).toContain(`With Kobe Robotics Test: ${en.b2bMatch.unplaced.awaiting_answer}.`);
    // the agenda's button opens the space itself, not the "send me my link" page
    expect(spaceOf(left.links).code).toBe(waiting.code);
    expect((await space('me', spaceOf(left.links))).status).toBe(200);

    // the accepted pair's meeting, its time with the event's zone named, in the company's language
    const agenda = await mailStarting(
      'asker@example.jp',
      ja.b2b.mail.agenda.subject.split('—')[0]?.trim() ?? '',
    );
    const meeting = done.meetings.find((m) => m.fromId === asker.code || m.toId === asker.code);
    if (!meeting) throw new Error('the accepted pair has no meeting');
    // the slot's wall time on the event's clock (`YYYY-MM-DDTHH:MM`), as Japanese writes it ("9:00")
    const wall = meeting.slotId.slice(11).replace(/^0/, '');
    expect(agenda.text).toContain(`${wall}（日本標準時、UTC+9）`);
    expect(agenda.text).not.toContain('中央ヨーロッパ');
    expect(agenda.text).toContain(ja.b2b.mail.agenda.timeZone);
    // the slots themselves are Tokyo's: the instant of 09:00 there
    const slot = done.slots.find((s) => s.id === meeting.slotId);
    expect(slot?.start).toBe(`${meeting.slotId}:00+09:00`);
    expect(done.timeZone).toBe('Asia/Tokyo');
  });

  it('gives no new meeting a slot already begun', async () => {
    const programme = await programmeOf(up.db, eventId);
    const slots = slotsOf(programme.settings, programme.timeZone);
    const middle = slots[Math.floor(slots.length / 2)];
    if (!middle) throw new Error('no slot');
    const input = await scheduleInputOf(up.db, programme, new Date(middle.start));
    const begun = new Set(
      slots.filter((s) => Date.parse(s.start) <= Date.parse(middle.start)).map((s) => s.id),
    );
    const locked = new Set(input.locked.map((l) => l.slotId));
    for (const c of input.companies)
      for (const id of c.availableSlotIds) expect(!begun.has(id) || locked.has(id), id).toBe(true);
    expect(input.companies.some((c) => c.availableSlotIds.length > 0)).toBe(true);
  });
});
