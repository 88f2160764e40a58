import { type ProgrammeView, programmeView } from '@evt/contracts/b2b';
import type { RunningGoogleEmulator } from '@evt/upstream/google-emulator/emulator';
import { type TestUpstream, waitFor } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideConsent, startGoogleRig } from './google-test-kit';
import { CSRF, JSON_WRITE, login, type RunningBff, startBff, startUpstream, WEBHOOK_KEY } from './helpers';
import fr from '../../locales/fr.json';

/**
 * The B2B programme's online meetings get their video link, made by the BFF's
 * queued job (on Redis) on the publishing organiser's behalf, against the local Google emulator and the
 * reference upstream's zoom-meeting webhook. Publication waits for the links, so the agendas mailed carry
 * them; a retry makes nothing twice; a move keeps the Meet link; a cancellation deletes the event; an
 * organiser without Google is told in words; Zoom replaces Meet when the settings say so.
 */
const SLUG = 'forum-b2b-lyon';

let upstream: TestUpstream;
let emulator: RunningGoogleEmulator;
let bff: RunningBff;
let cookie = '';
let eventId = 0;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${bff.url}/api${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, ...(body === undefined ? CSRF : JSON_WRITE) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : null;
  return { status: response.status, location: response.headers.get('location'), json };
}

const view = async (): Promise<ProgrammeView> =>
  programmeView.parse((await call('GET', `/events/${eventId}/b2b`)).json);

/** Reads the programme until `done` holds (the link job runs off the request). */
async function until(done: (v: ProgrammeView) => boolean, tries = 100): Promise<ProgrammeView> {
  let current = await view();
  for (let i = 0; i < tries && !done(current); i++) {
    await new Promise((resolve) => setTimeout(resolve, 150));
    current = await view();
  }
  return current;
}

const online = (v: ProgrammeView) => v.meetings.filter((m) => m.online && m.status !== 'cancelled');
const calendarEvents = async () =>
  (await emulator.controls.state()).events.filter((e) => String(e.id).startsWith('b2b'));

/** The organiser's Google consent on the emulator, every scope granted. */
async function connect(email = 'camille@gmail.example') {
  const start = await call('GET', '/google/connect?returnTo=/events/b2b-1');
  const back = await decideConsent(emulator.url, start.location as string, { email });
  expect((await call('GET', `/google/callback${back.search}`)).status).toBe(303);
}

/** What a crash between making a link and storing it leaves: the link forgotten upstream. */
async function forget(requestId: number, organiserId: number) {
  const response = await fetch(`${upstream.apiUrl}/b2b/online-links/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-automation-key': WEBHOOK_KEY },
    body: JSON.stringify({ eventId, organiserId, requestId, link: null }),
  });
  expect(response.status).toBe(200);
}

let organiserId = 0;

beforeAll(async () => {
  upstream = await startUpstream();
  const rig = await startGoogleRig(upstream);
  emulator = rig.emulator;
  bff = await startBff(rig.config);
  ({ cookie } = await login(bff.url));
  organiserId = ((await call('GET', '/auth/me')).json as { user: { id: number } }).user.id;
  const forms = await fetch(`${bff.url}/api/public/events/${SLUG}/forms`);
  eventId = ((await forms.json()) as { event: { id: number } }).event.id;
  // every sent request placed, a few meetings each: online ones among them (the demo's online companies)
  const before = await view();
  const saved = await call('PUT', `/events/${eventId}/b2b/settings`, {
    ...before.settings,
    mutualAcceptance: false,
    meetingQuota: 4,
  });
  expect(saved.status).toBe(200);
  expect(programmeView.parse(saved.json).settings.onlinePlatform).toBe('google_meet');
  expect((await call('POST', `/events/${eventId}/b2b/freeze`, { frozen: true })).status).toBe(200);
  expect((await call('POST', `/events/${eventId}/b2b/schedule`)).status).toBe(202);
  const done = await until((v) => v.run.state !== 'running', 300);
  expect(done.run.state).toBe('done');
  expect(online(done).length).toBeGreaterThan(1);
});

afterAll(async () => {
  await bff?.close();
  await emulator?.close();
  await upstream?.close();
});

describe('online B2B meetings get a Meet or Zoom link', () => {
  it('publishes with a Meet link for every online meeting, mailed in the agendas', async () => {
    await connect();
    const published = await call('POST', `/events/${eventId}/b2b/publish`);
    expect(published.status).toBe(200);
    const v = programmeView.parse(published.json);
    expect(v.publishedAt).not.toBeNull();
    expect(v.onlineLinks).toMatchObject({ missing: 0, error: null });
    const meetings = online(v);
    for (const m of meetings) expect(m.onlineUrl).toMatch(/^https:\/\/meet\.google\.com\//);
    // tables keep no link
    for (const m of v.meetings.filter((x) => !x.online)) expect(m.onlineUrl).toBeNull();
    // one Calendar event per online meeting, in the organiser's calendar, with its conference
    const events = await calendarEvents();
    expect(events).toHaveLength(meetings.length);
    // the links were stored before the agendas left: no change waits for another publication
    expect(v.pendingChanges).toBe(0);
    // the agendas are mailed after the answer, one company after another
    const url = meetings[0]?.onlineUrl as string;
    await waitFor(async () => (await upstream.outbox()).some((m) => m.text.includes(url)), 30_000);
    const mails = await upstream.outbox();
    expect(mails.filter((m) => m.text.includes('https://meet.google.com/')).length).toBeGreaterThan(0);
    expect(mails.some((m) => m.text.includes(url))).toBe(true);
  });

  it('makes nothing twice: a link forgotten after a crash is found again, a second retry adds nothing', async () => {
    const before = await view();
    const [first] = online(before);
    if (!first) throw new Error('no online meeting');
    const count = (await calendarEvents()).length;
    await forget(first.requestId, organiserId);
    expect((await view()).onlineLinks.missing).toBe(1);
    expect((await call('POST', `/events/${eventId}/b2b/online-links`)).status).toBe(202);
    const after = await until((v) => v.onlineLinks.missing === 0);
    expect(after.meetings.find((m) => m.requestId === first.requestId)?.onlineUrl).toBe(first.onlineUrl);
    expect(await calendarEvents()).toHaveLength(count);
    expect((await call('POST', `/events/${eventId}/b2b/online-links`)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await calendarEvents()).toHaveLength(count);
  });

  it('keeps the Meet link of a moved meeting (event moved) and deletes a cancelled one', async () => {
    const before = await view();
    const meetings = online(before);
    const moving = meetings[0];
    const cancelling = meetings[1];
    if (!moving || !cancelling) throw new Error('two online meetings needed');
    let moved: ProgrammeView | null = null;
    for (const slot of before.slots.filter((s) => s.id !== moving.slotId)) {
      const answer = await call('POST', `/events/${eventId}/b2b/meetings/${moving.requestId}/move`, {
        slotId: slot.id,
        tableId: null,
      });
      if (answer.status === 200) {
        moved = programmeView.parse(answer.json);
        break;
      }
    }
    if (!moved) throw new Error('no free slot for the move');
    const slot = moved.slots.find(
      (s) => s.id === moved?.meetings.find((m) => m.requestId === moving.requestId)?.slotId,
    );
    await until((v) => v.onlineLinks.missing === 0);
    const event = (await calendarEvents()).find(
      (e) => (e.hangoutLink as string | undefined) === moving.onlineUrl,
    ) as { start: { dateTime: string } } | undefined;
    expect(Date.parse(event?.start.dateTime ?? '')).toBe(Date.parse(slot?.start ?? ''));
    expect((await view()).meetings.find((m) => m.requestId === moving.requestId)?.onlineUrl).toBe(
      moving.onlineUrl,
    );

    const count = (await calendarEvents()).length;
    const cancelled = await call('POST', `/events/${eventId}/b2b/meetings/${cancelling.requestId}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.status).toBe(200);
    const after = await until((v) => v.onlineLinks.missing === 0);
    expect(after.meetings.find((m) => m.requestId === cancelling.requestId)?.onlineUrl).toBeNull();
    expect(await calendarEvents()).toHaveLength(count - 1);
  });

  it('tells an organiser without Google connection in words, and the retry then makes the link', async () => {
    expect((await call('POST', '/google/disconnect')).status).toBe(200);
    const cancelled = (await view()).meetings.find((m) => m.online && m.status === 'cancelled');
    if (!cancelled) throw new Error('the cancelled meeting is gone');
    await call('POST', `/events/${eventId}/b2b/meetings/${cancelled.requestId}/status`, {
      status: 'scheduled',
    });
    const failed = await until((v) => v.onlineLinks.error !== null);
    expect(failed.onlineLinks.missing).toBe(1);
    expect(failed.onlineLinks.error).toBe('calendar.errors.notAuthenticated');
    expect(fr.calendar.errors.notAuthenticated).toBeTruthy();
    await connect();
    expect((await call('POST', `/events/${eventId}/b2b/online-links`)).status).toBe(202);
    const fixed = await until((v) => v.onlineLinks.missing === 0);
    expect(fixed.onlineLinks.error).toBeNull();
    expect(fixed.meetings.find((m) => m.requestId === cancelled.requestId)?.onlineUrl).toMatch(
      /^https:\/\/meet\.google\.com\//,
    );
    // a link that came after the agendas left waits for the next publication, which mails it
    expect(fixed.pendingChanges).toBeGreaterThan(0);
  });

  it("records Google's refusal in words, goes on with the other meetings, and the retry makes the link", async () => {
    const [target] = online(await view());
    if (!target) throw new Error('no online meeting');
    await call('POST', `/events/${eventId}/b2b/meetings/${target.requestId}/status`, { status: 'cancelled' });
    await until((v) => v.onlineLinks.missing === 0);
    // the next insert is refused (a restored meeting is a new Calendar event)
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 400,
      reason: 'invalid',
    });
    await call('POST', `/events/${eventId}/b2b/meetings/${target.requestId}/status`, { status: 'scheduled' });
    const failed = await until((v) => v.onlineLinks.error !== null);
    expect(failed.onlineLinks).toMatchObject({ missing: 1, error: 'calendar.errors.createFailed' });
    expect(fr.calendar.errors.createFailed).toBeTruthy();
    expect((await call('POST', `/events/${eventId}/b2b/online-links`)).status).toBe(202);
    const fixed = await until((v) => v.onlineLinks.missing === 0);
    expect(fixed.onlineLinks.error).toBeNull();
    expect(fixed.meetings.find((m) => m.requestId === target.requestId)?.onlineUrl).toMatch(
      /^https:\/\/meet\.google\.com\//,
    );
  });

  it("deletes a cancelled meeting's event through the Google account that made it, or says whose it is", async () => {
    const [target] = online(await view());
    if (!target) throw new Error('no online meeting');
    const count = (await calendarEvents()).length;
    // the publisher reconnects another Google account: the events live in the first one's calendar
    await connect('camille.other@gmail.example');
    await call('POST', `/events/${eventId}/b2b/meetings/${target.requestId}/status`, { status: 'cancelled' });
    const refused = await until((v) => v.onlineLinks.error !== null);
    expect(refused.onlineLinks).toMatchObject({ missing: 1, error: 'calendar.errors.ownerDisconnected' });
    expect(await calendarEvents()).toHaveLength(count);
    // the account that made it, connected again: the retry deletes it there
    await connect();
    expect((await call('POST', `/events/${eventId}/b2b/online-links`)).status).toBe(202);
    const fixed = await until((v) => v.onlineLinks.missing === 0);
    expect(fixed.onlineLinks.error).toBeNull();
    expect(await calendarEvents()).toHaveLength(count - 1);
  });

  it('moves every link to Zoom when the settings say Zoom, once, whatever the retries', async () => {
    const before = await view();
    // saving the settings of a published programme queues the run itself
    const saved = await call('PUT', `/events/${eventId}/b2b/settings`, {
      ...before.settings,
      onlinePlatform: 'zoom',
    });
    expect(saved.status).toBe(200);
    const zoomed = await until((v) => v.onlineLinks.missing === 0);
    const meetings = online(zoomed);
    for (const m of meetings) expect(m.onlineUrl).toMatch(/^https:\/\/zoom\.example\.invalid\/j\//);
    // the Meet events are deleted from the organiser's calendar
    expect(await calendarEvents()).toHaveLength(0);
    const [first] = meetings;
    if (!first) throw new Error('no online meeting');
    await forget(first.requestId, organiserId);
    expect((await call('POST', `/events/${eventId}/b2b/online-links`)).status).toBe(202);
    const again = await until((v) => v.onlineLinks.missing === 0);
    // the webhook answered the meeting of the same key: the same link, no second Zoom meeting
    expect(again.meetings.find((m) => m.requestId === first.requestId)?.onlineUrl).toBe(first.onlineUrl);
  });
});
