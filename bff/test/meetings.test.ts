import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { DEFAULT_WEBHOOK_HEADER_NAME } from '@evt/contracts/automation';
import { GOOGLE_CALENDAR_SCOPES } from '@evt/contracts/constants';
import type { RunningGoogleEmulator } from '@evt/upstream/google-emulator/emulator';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logger';
import { apiCall, googleConsent, googleTestClient, startGoogleRig } from './google-test-kit';
import {
  DEMO_ORGANISER,
  login,
  ownAndForeignScopes,
  type RunningBff,
  startBff,
  startUpstream,
  WEBHOOK_KEY,
} from './helpers';
import fr from '../../locales/fr.json';

/**
 * Meetings against the local Google emulator and the reference upstream, on a real Redis, with two BFF
 * instances sharing it: connect, create / update / delete with Meet, one refresh for two instances, a
 * revoked grant, a missing scope, each calendar error, Zoom through the webhook, and no Google token in
 * any answer or log line.
 */
const CLIENT = googleTestClient();

let upstream: TestUpstream;
let emulator: RunningGoogleEmulator;
let a: RunningBff;
let b: RunningBff;
let cookie = '';
let eventId = 0;
let foreignEvent = 0;
let logs = '';
const bodies: string[] = [];
/** the demo meetings of the seeded salon (demo-meetings.ts), set aside when counting the tests' own */
const seeded = new Set<number>();

const capture = new Writable({
  write(chunk, _encoding, done) {
    logs += chunk.toString();
    done();
  },
});

async function call(bff: RunningBff, method: string, path: string, body?: unknown) {
  const answer = await apiCall(bff.url, cookie, method, path, body);
  bodies.push(answer.text, answer.location ?? '');
  return answer;
}

/** The organiser's consent: grant `scopes` (all asked by default) or cancel; answers the callback's redirect. */
async function connect(options: { scopes?: string[]; deny?: boolean; email?: string } = {}) {
  const start = await call(a, 'GET', '/google/connect?returnTo=/events/meetings-1');
  expect(start.status).toBe(303);
  const consent = new URL(start.location as string);
  expect(consent.searchParams.get('access_type')).toBe('offline');
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  expect((await fetch(consent)).status).toBe(200);
  const search = await googleConsent(emulator.url, consent, {
    ...options,
    email: options.email ?? 'camille@gmail.example',
  });
  const callback = await call(a, 'GET', `/google/callback${search}`);
  expect(callback.status).toBe(303);
  return { location: callback.location as string, search };
}

const future = (days = 10) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const input = (over: Record<string, unknown> = {}) => ({
  title: 'Kick-off',
  date: future(),
  time: '10:30',
  duration: 45,
  description: 'Agenda',
  participants: 'ana@example.org, not-an-address, ben@example.org',
  host: 'camille@example.org',
  requestKey: randomUUID(),
  ...over,
});

beforeAll(async () => {
  upstream = await startUpstream();
  const rig = await startGoogleRig(upstream, { client: CLIENT });
  emulator = rig.emulator;
  const config = rig.config;
  const logger = createLogger('debug', capture);
  a = await startBff(config, { logger });
  b = await startBff(config, { logger });
  ({ cookie } = await login(a.url));
  const scopes = await ownAndForeignScopes(a.url, cookie, upstream);
  eventId = scopes.own.event;
  foreignEvent = scopes.foreign.event;
  for (const platform of ['google_meet', 'zoom']) {
    const demo = await call(a, 'GET', `/events/${eventId}/meetings?platform=${platform}`);
    for (const m of demo.json.data as { id: number }[]) seeded.add(m.id);
  }
});

/** The event's meetings of one platform, without the demo ones. */
async function ownMeetings(platform: 'google_meet' | 'zoom') {
  const list = await call(b, 'GET', `/events/${eventId}/meetings?platform=${platform}`);
  return (list.json.data as { id: number; title: string }[]).filter((m) => !seeded.has(m.id));
}

afterAll(async () => {
  await a?.close();
  await b?.close();
  await emulator?.close();
  await upstream?.close();
});

describe('Google connection', () => {
  it('is none before, and calendar actions say a Google sign-in is needed', async () => {
    expect((await call(a, 'GET', '/google/connection')).json).toEqual({
      status: 'none',
      email: null,
      demo: true,
    });
    const refused = await call(a, 'POST', `/events/${eventId}/meetings`, input());
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('calendar.errors.notAuthenticated');
  });

  it('asks the narrowest scope, calendar.events, and nothing wider', async () => {
    const start = await call(a, 'GET', '/google/connect?returnTo=/events/meetings-1');
    const asked = new URL(start.location as string).searchParams.get('scope')?.split(' ');
    expect(asked).toEqual([...GOOGLE_CALENDAR_SCOPES, 'openid', 'email']);
    expect(GOOGLE_CALENDAR_SCOPES).toEqual(['https://www.googleapis.com/auth/calendar.events']);
  });

  it('refuses a missing scope at the callback and says which', async () => {
    const { location } = await connect({ scopes: ['openid', 'email'] });
    expect(location).toBe('/events/meetings-1?google=missingScope&missing=calendar.events');
    expect((await call(a, 'GET', '/google/connection')).json.status).toBe('none');
    // the partial grant was given back
    expect(emulator.controls.state().grants.every((g) => g.revoked)).toBe(true);
  });

  it('ends a refused consent and a replayed state on clear outcomes', async () => {
    expect((await connect({ deny: true })).location).toBe('/events/meetings-1?google=denied');
    const first = await connect();
    expect(first.location).toBe('/events/meetings-1?google=connected');
    const replay = await call(a, 'GET', `/google/callback${first.search}`);
    expect(replay.location).toBe('/events?google=badState');
    const forged = await call(a, 'GET', '/google/callback?state=forged&code=x');
    expect(forged.location).toBe('/events?google=badState');
  });

  it('is connected, with the Google address and no token', async () => {
    const answer = await call(a, 'GET', '/google/connection');
    expect(answer.json).toEqual({ status: 'connected', email: 'camille@gmail.example', demo: true });
  });
});

describe('meetings with Google Meet', () => {
  let meetingId = 0;

  it('refuses bad input before Google is called', async () => {
    const before = emulator.controls.state().sent.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ date: '2020-01-01' }, 'date', 'meetings.validation.past'],
      [{ duration: 0 }, 'duration', 'meetings.validation.duration'],
      [{ duration: 24 * 60 + 1 }, 'duration', 'meetings.validation.duration'],
      [{ participants: 'nobody, still nobody' }, 'participants', 'meetings.validation.participants'],
      [{ title: 'x'.repeat(1025) }, 'title', 'meetings.validation.titleTooLong'],
    ];
    for (const [over, field, key] of cases) {
      const answer = await call(a, 'POST', `/events/${eventId}/meetings`, input(over));
      expect(answer.status).toBe(400);
      expect(answer.json.error.details.fieldErrors[field]).toContain(key);
    }
    expect(emulator.controls.state().sent.length).toBe(before);
  });

  it('creates the Calendar event with a Meet conference, reminders, Paris time and invitations', async () => {
    const created = await call(a, 'POST', `/events/${eventId}/meetings`, input());
    expect(created.status).toBe(201);
    meetingId = created.json.id;
    expect(created.json.participants).toEqual(['ana@example.org', 'ben@example.org', 'camille@example.org']);
    expect(created.json.conferenceStatus).toBe('pending');
    expect(created.json.googleCalendarLink).toMatch(/^https:\/\/calendar\.google\.com\//);
    const event = emulator.controls.state().events.find((e) => e.id === created.json.googleEventId);
    expect(event).toMatchObject({
      summary: 'Kick-off',
      start: { dateTime: `${input().date}T10:30:00`, timeZone: 'Europe/Paris' },
      end: { dateTime: `${input().date}T11:15:00`, timeZone: 'Europe/Paris' },
      reminders: {
        useDefault: false,
        overrides: [
          { method: 'email', minutes: 1440 },
          { method: 'popup', minutes: 15 },
        ],
      },
    });
    expect(
      (event?.conferenceData as { createRequest?: { requestId: string } })?.createRequest?.requestId,
    ).toBe(created.json.googleEventId);
    expect(emulator.controls.state().sent.at(-1)).toMatchObject({ method: 'insert', sendUpdates: 'all' });
    // the pending conference is read again, not reported as missing
    const read = await call(a, 'GET', `/events/${eventId}/meetings/${meetingId}`);
    expect(read.json.conferenceStatus).toBe('success');
    expect(read.json.url).toMatch(/^https:\/\/meet\.google\.com\//);
  });

  it('edits it (attendees told) and lists it', async () => {
    const updated = await call(
      a,
      'PUT',
      `/events/${eventId}/meetings/${meetingId}`,
      input({ title: 'Kick-off v2', duration: 60 }),
    );
    expect(updated.status).toBe(200);
    expect(updated.json.title).toBe('Kick-off v2');
    expect(updated.json.url).toMatch(/^https:\/\/meet\.google\.com\//);
    expect(emulator.controls.state().sent.at(-1)).toMatchObject({ method: 'patch', sendUpdates: 'all' });
    expect((await ownMeetings('google_meet')).map((m) => m.title)).toEqual(['Kick-off v2']);
  });

  it("refuses another organisation's event before Google is called", async () => {
    const before = emulator.controls.state().sent.length;
    const answer = await call(a, 'POST', `/events/${foreignEvent}/meetings`, input());
    expect([403, 404]).toContain(answer.status);
    expect(emulator.controls.state().sent.length).toBe(before);
  });

  it('refreshes once when two instances need it at once, merging the refresh token', async () => {
    emulator.controls.expireTokens();
    const before = emulator.controls.state().grants.find((g) => !g.revoked)?.refreshCount ?? 0;
    // the stored expiry is still in the future: Google's 401 is what says the token is dead
    const [one, two] = await Promise.all([
      call(a, 'POST', `/events/${eventId}/meetings`, input({ title: 'From A' })),
      call(b, 'POST', `/events/${eventId}/meetings`, input({ title: 'From B' })),
    ]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(emulator.controls.state().grants.find((g) => !g.revoked)?.refreshCount).toBe(before + 1);
    // the merged record kept its refresh token: a later expiry refreshes again
    emulator.controls.expireTokens();
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${one.json.id}`)).status).toBe(204);
    expect((await call(b, 'DELETE', `/events/${eventId}/meetings/${two.json.id}`)).status).toBe(204);
  });

  it("shows each of Google's errors with the spec's message", async () => {
    const { controls } = emulator;
    controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 403,
      reason: 'insufficientPermissions',
    });
    const forbidden = await call(a, 'POST', `/events/${eventId}/meetings`, input());
    expect([forbidden.status, forbidden.json.error.code]).toEqual([403, 'calendar.errors.forbidden']);

    controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 500,
      reason: 'backendError',
      times: 3,
    });
    const failed = await call(a, 'POST', `/events/${eventId}/meetings`, input());
    expect([failed.status, failed.json.error.code]).toEqual([502, 'calendar.errors.createFailed']);
    expect(failed.json.error.details.reason).toBe('unavailable');

    controls.injectFault({ method: 'PATCH', status: 400, reason: 'invalid', times: 1 });
    const updateFailed = await call(a, 'PUT', `/events/${eventId}/meetings/${meetingId}`, input());
    expect(updateFailed.json.error.code).toBe('calendar.errors.updateFailed');

    // throttled twice, then through: backed off, not reported
    controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 429,
      reason: 'rateLimitExceeded',
      times: 1,
    });
    controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 403,
      reason: 'rateLimitExceeded',
      times: 1,
    });
    const throttled = await call(a, 'POST', `/events/${eventId}/meetings`, input({ title: 'Throttled' }));
    expect(throttled.status).toBe(201);

    controls.injectFault({ method: 'DELETE', status: 400, reason: 'badRequest', times: 1 });
    const deleteFailed = await call(a, 'DELETE', `/events/${eventId}/meetings/${throttled.json.id}`);
    expect(deleteFailed.json.error.code).toBe('calendar.errors.deleteFailed');
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${throttled.json.id}`)).status).toBe(204);
    // a failed create leaves no record behind
    expect(await ownMeetings('google_meet')).toHaveLength(1);
  });

  it('deletes it from the calendar, cancellations sent', async () => {
    const googleEventId = (await call(a, 'GET', `/events/${eventId}/meetings/${meetingId}`)).json
      .googleEventId;
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${meetingId}`)).status).toBe(204);
    expect(emulator.controls.state().events.some((e) => e.id === googleEventId)).toBe(false);
    expect(emulator.controls.state().sent.at(-1)).toMatchObject({ method: 'delete', sendUpdates: 'all' });
  });

  it('marks a revoked grant broken, says the token expired, and stops retrying', async () => {
    emulator.controls.revokeGrants();
    const refused = await call(a, 'POST', `/events/${eventId}/meetings`, input());
    expect([refused.status, refused.json.error.code]).toEqual([409, 'calendar.errors.tokenExpired']);
    expect((await call(b, 'GET', '/google/connection')).json.status).toBe('broken');
    const refreshes = emulator.controls.state().grants.map((g) => g.refreshCount);
    const again = await call(b, 'POST', `/events/${eventId}/meetings`, input());
    expect(again.json.error.code).toBe('calendar.errors.tokenExpired');
    expect(emulator.controls.state().grants.map((g) => g.refreshCount)).toEqual(refreshes);
  });

  it('mails the organiser once per breakage, in their language (French for the demo organiser)', async () => {
    const subject = fr.mail.googleBroken.subject;
    const brokenMails = async () =>
      (await upstream.outbox()).filter((m) => m.to === DEMO_ORGANISER.email && m.subject === subject);
    await expect.poll(async () => (await brokenMails()).length, { timeout: 5_000 }).toBe(1);
    // the retries of the test above and a third on the other instance: still one
    expect((await call(b, 'POST', `/events/${eventId}/meetings`, input())).status).toBe(409);
    const [mail] = await brokenMails();
    expect(mail?.text).toContain(fr.mail.googleBroken.intro);
    expect(mail?.links).toContainEqual(expect.stringMatching(/^http:\/\/localhost:3000\/(fr\/)?home$/));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await brokenMails()).toHaveLength(1);
    // the upstream sends one mail per (organiser, breakage), however often it is asked
    const userId = (await call(a, 'GET', '/auth/me')).json.user.id;
    const ask = async () =>
      (
        await fetch(`${upstream.webhookUrl}/google-broken-mail`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [DEFAULT_WEBHOOK_HEADER_NAME]: WEBHOOK_KEY },
          body: JSON.stringify({ userId, brokenAt: 1_700_000_000_000 }),
        })
      ).json();
    expect(await ask()).toEqual({ state: 'sent', error: null });
    expect(await ask()).toEqual({ state: 'skipped', error: null });
    expect(await brokenMails()).toHaveLength(2);
  });

  it('reconnects, and disconnecting revokes the grant at Google', async () => {
    expect((await connect()).location).toBe('/events/meetings-1?google=connected');
    const out = await call(a, 'POST', '/google/disconnect');
    expect(out.json.status).toBe('none');
    expect(emulator.controls.state().grants.every((g) => g.revoked)).toBe(true);
    const again = await call(a, 'POST', '/google/disconnect');
    expect([again.status, again.json.error.code]).toEqual([409, 'calendar.errors.notConnected']);
  });
});

describe('Zoom meetings through the webhook', () => {
  it('creates and deletes one, after the event check', async () => {
    const created = await call(a, 'POST', `/events/${eventId}/zoom-meetings`, input({ participants: '' }));
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ platform: 'zoom', title: 'Kick-off', googleEventId: null });
    expect(created.json.joinUrl).toMatch(/^https:\/\/zoom\.example\.invalid\/j\/\d+$/);
    expect(await ownMeetings('zoom')).toHaveLength(1);
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${created.json.id}`)).status).toBe(204);
    expect(await ownMeetings('zoom')).toHaveLength(0);
    const foreign = await call(a, 'POST', `/events/${foreignEvent}/zoom-meetings`, input());
    expect([403, 404]).toContain(foreign.status);
  });

  it('edits one: the Zoom meeting first, then the record, its link kept', async () => {
    const created = await call(a, 'POST', `/events/${eventId}/zoom-meetings`, input({ participants: '' }));
    const id = created.json.id as number;
    const { requestKey: _key, ...fields } = input({ participants: '' });
    const moved = { ...fields, title: 'Kick-off, moved', date: future(12), time: '14:15', duration: 90 };
    // refused before Zoom is called: a meeting in the past, a topic over the webhook's limit
    const past = await call(b, 'PUT', `/events/${eventId}/zoom-meetings/${id}`, {
      ...moved,
      date: '2020-01-01',
    });
    expect(past.status).toBe(400);
    expect(past.json.error.details.fieldErrors).toEqual({ date: ['meetings.validation.past'] });
    const long = await call(b, 'PUT', `/events/${eventId}/zoom-meetings/${id}`, {
      ...moved,
      title: 'x'.repeat(201),
    });
    expect(long.json.error.details.fieldErrors).toEqual({ title: ['meetings.validation.titleTooLong'] });

    const edited = await call(b, 'PUT', `/events/${eventId}/zoom-meetings/${id}`, moved);
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      id,
      platform: 'zoom',
      title: 'Kick-off, moved',
      time: '14:15',
      duration: 90,
      joinUrl: created.json.joinUrl,
      zoomMeetingId: created.json.zoomMeetingId,
    });
    const [row] = await upstream.db.query<{ topic: string; start_time: Date; duration: number }>(
      'SELECT topic, start_time, duration FROM zoom_meetings WHERE id = $1',
      [created.json.zoomMeetingId],
    );
    expect(row).toMatchObject({ topic: 'Kick-off, moved', duration: 90 });
    expect(new Date(row?.start_time as Date).toISOString()).toBe(edited.json.startTime);
    expect((await ownMeetings('zoom')).map((m) => m.title)).toEqual(['Kick-off, moved']);
    // another organisation's event, and a Zoom edit of the Google route, are refused
    const foreign = await call(a, 'PUT', `/events/${foreignEvent}/zoom-meetings/${id}`, moved);
    expect([403, 404]).toContain(foreign.status);
    expect((await call(a, 'PUT', `/events/${eventId}/meetings/${id}`, moved)).status).toBe(404);
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${id}`)).status).toBe(204);
  });
});

describe('demo meetings (npm start)', () => {
  it('the demo salon has Meet meetings and a Zoom meeting, which edit and delete without Google', async () => {
    const meet = await call(a, 'GET', `/events/${eventId}/meetings?platform=google_meet`);
    const demoMeet = (meet.json.data as Record<string, unknown>[]).filter((m) => seeded.has(m.id as number));
    expect(demoMeet.length).toBeGreaterThanOrEqual(3);
    for (const m of demoMeet) {
      expect(m).toMatchObject({ platform: 'google_meet', conferenceStatus: 'success', googleEventId: null });
      expect(m.joinUrl).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
      expect(Date.parse(m.startTime as string)).toBeGreaterThan(Date.now());
      expect(Date.parse(m.endTime as string) - Date.parse(m.startTime as string)).toBe(
        (m.duration as number) * 60_000,
      );
    }
    // no Google connection here (disconnected above): a demo Meet meeting has no Calendar event to change
    const first = demoMeet[0] as { id: number };
    const renamed = await call(
      a,
      'PUT',
      `/events/${eventId}/meetings/${first.id}`,
      input({ title: 'Demo, moved' }),
    );
    expect([renamed.status, renamed.json.title]).toEqual([200, 'Demo, moved']);
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${first.id}`)).status).toBe(204);
    const zoom = await call(a, 'GET', `/events/${eventId}/meetings?platform=zoom`);
    const demoZoom = (zoom.json.data as Record<string, unknown>[]).filter((m) => seeded.has(m.id as number));
    expect(demoZoom).toHaveLength(1);
    expect(demoZoom[0]?.joinUrl).toMatch(/^https:\/\/zoom\.example\.invalid\/j\/\d+$/);
    // the Zoom one is known to the webhook too: deleting it goes through it
    expect((await call(a, 'DELETE', `/events/${eventId}/meetings/${demoZoom[0]?.id}`)).status).toBe(204);
    expect(
      await upstream.db.query('SELECT 1 FROM zoom_meetings WHERE id = $1', [demoZoom[0]?.zoomMeetingId]),
    ).toEqual([]);
  });
});

describe('secrets', () => {
  it('no Google token, code or client secret in any answer or log line', () => {
    const state = emulator.controls.state();
    const secrets = [...state.issuedTokens, ...state.refreshTokens, CLIENT.clientSecret];
    expect(secrets.length).toBeGreaterThan(4);
    const seen = `${bodies.join('\n')}\n${logs}`;
    for (const secret of secrets) expect(seen).not.toContain(secret);
    expect(logs).toContain('google');
  });
});
