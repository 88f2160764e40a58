import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { hashPassword } from '@evt/upstream/auth/passwords';
import type { RunningGoogleEmulator } from '@evt/upstream/google-emulator/emulator';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { createClient } from 'redis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../src/observability/logger';
import { apiCall, googleConsent, googleTestClient, startGoogleRig } from './google-test-kit';
import type { AppConfig } from '../src/config/app-config';
import { login, ownAndForeignScopes, type RunningBff, startBff, startUpstream } from './helpers';

/**
 * The meetings integration when Google (the local emulator, made to fail as Google does) or the
 * zoom-meeting service fails: the right account for edits and deletes, bounded waits, one event per
 * meeting, parsed answers, Retry-After, the token keys, revocation, and what is logged and counted. Two
 * BFF instances share one Redis; Google's deadlines are shortened so a hang costs a second, not a minute.
 */
const CLIENT = googleTestClient('faults.apps.googleusercontent.com');
const TIMINGS = { callTimeoutMs: 800, deadlineMs: 2_500 };
const COLLEAGUE = { email: 'colleague@demo.example', password: 'colleague-password-2026' };

let upstream: TestUpstream;
let emulator: RunningGoogleEmulator;
let a: RunningBff;
let b: RunningBff;
let config: AppConfig;
let organiser = '';
let colleague = '';
let eventId = 0;
let logs = '';

const capture = new Writable({
  write(chunk, _encoding, done) {
    logs += chunk.toString();
    done();
  },
});

const call = (bff: RunningBff, cookie: string, method: string, path: string, body?: unknown) =>
  apiCall(bff.url, cookie, method, path, body);

/** `cookie`'s organiser consents with the Google account `email`; answers the callback's redirect. */
async function connect(cookie: string, email: string) {
  const start = await call(a, cookie, 'GET', '/google/connect?returnTo=/events/meetings-1');
  const search = await googleConsent(emulator.url, new URL(start.location as string), { email });
  return (await call(a, cookie, 'GET', `/google/callback${search}`)).location as string;
}

const future = (days = 12) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const input = (over: Record<string, unknown> = {}) => ({
  title: 'Fault run',
  date: future(),
  time: '09:00',
  duration: 30,
  description: '',
  participants: 'ana@example.org',
  host: 'camille@example.org',
  requestKey: randomUUID(),
  ...over,
});
const create = (over: Record<string, unknown> = {}, bff = a, cookie = organiser) =>
  call(bff, cookie, 'POST', `/events/${eventId}/meetings`, input(over));
const events = () => emulator.controls.state().events;
const inserts = () => emulator.controls.state().sent.filter((s) => s.method === 'insert').length;

beforeAll(async () => {
  upstream = await startUpstream();
  ({ emulator, config } = await startGoogleRig(upstream, {
    client: CLIENT,
    emulator: { pendingConferenceReads: 0 },
    google: { timings: TIMINGS },
  }));
  const logger = createLogger('debug', capture);
  a = await startBff(config, { logger });
  b = await startBff(config, { logger });
  ({ cookie: organiser } = await login(a.url));
  eventId = (await ownAndForeignScopes(a.url, organiser, upstream)).own.event;
  // a colleague in the same organisation, with no Google connection of their own
  const [org] = await upstream.db.query<{ organization_id: number }>(
    'SELECT organization_id FROM events WHERE id = $1',
    [eventId],
  );
  const [user] = await upstream.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, email_verified, locale)
     VALUES ($1, $2, 'Sam', 'Colleague', true, 'fr') RETURNING id`,
    [COLLEAGUE.email, await hashPassword(COLLEAGUE.password)],
  );
  await upstream.db.query(
    `INSERT INTO organization_members (organization_id, user_id, member_type_id)
     SELECT $1, $2, id FROM member_types WHERE code = 'owner'`,
    [org?.organization_id, user?.id],
  );
  ({ cookie: colleague } = await login(a.url, COLLEAGUE));
  expect(await connect(organiser, 'camille@gmail.example')).toBe('/events/meetings-1?google=connected');
});

beforeEach(() => emulator?.controls.clearFaults());

/** A fresh connection to a Google account of its own, so each group's faults stay its own. */
let accounts = 0;
const freshConnection = async () =>
  expect(await connect(organiser, `camille.${++accounts}@gmail.example`)).toBe(
    '/events/meetings-1?google=connected',
  );

afterAll(async () => {
  await a?.close();
  await b?.close();
  await emulator?.close();
  await upstream?.close();
});

describe('the account that made the event', () => {
  it("edits and deletes go through the owner's connection, whoever acts", async () => {
    const made = await create();
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ googleAccountEmail: 'camille@gmail.example' });
    const edited = await call(
      b,
      colleague,
      'PUT',
      `/events/${eventId}/meetings/${made.json.id}`,
      input({ title: 'Edited by a colleague' }),
    );
    expect(edited.status).toBe(200);
    expect((events().find((e) => e.id === made.json.googleEventId) as { summary?: string })?.summary).toBe(
      'Edited by a colleague',
    );
    const removed = await call(b, colleague, 'DELETE', `/events/${eventId}/meetings/${made.json.id}`);
    expect(removed.status).toBe(204);
    expect(events().some((e) => e.id === made.json.googleEventId)).toBe(false);
  });

  it('says whose connection is gone instead of pretending a delete worked', async () => {
    const made = await create();
    // the owner reconnects another Google account: the event lives in the first one's calendar
    expect(await connect(organiser, 'camille.other@gmail.example')).toBe(
      '/events/meetings-1?google=connected',
    );
    const removed = await call(a, organiser, 'DELETE', `/events/${eventId}/meetings/${made.json.id}`);
    expect([removed.status, removed.json.error.code]).toEqual([409, 'calendar.errors.ownerDisconnected']);
    expect(removed.json.error.details.googleAccount).toBe('camille@gmail.example');
    expect(removed.json.error.message).toContain('camille@gmail.example');
    expect(events().some((e) => e.id === made.json.googleEventId)).toBe(true);
    expect((await call(a, organiser, 'GET', `/events/${eventId}/meetings/${made.json.id}`)).status).toBe(200);
  });

  it('revokes the previous grant only when it is another account (Google revokes per account and client)', async () => {
    const before = emulator.controls.state().grants;
    expect(before.filter((g) => g.email === 'camille@gmail.example').every((g) => g.revoked)).toBe(true);
    // the same account again: revoking the old token would end the new grant too
    expect(await connect(organiser, 'camille.other@gmail.example')).toBe(
      '/events/meetings-1?google=connected',
    );
    expect((await create()).status).toBe(201);
    expect(
      emulator.controls
        .state()
        .grants.filter((g) => g.email === 'camille.other@gmail.example')
        .some((g) => g.revoked),
    ).toBe(false);
  });
});

describe('bounded waits', () => {
  beforeAll(freshConnection);

  it('a hung insert answers within the deadline with the spec message, and leaves nothing behind', async () => {
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      delayMs: 5_000,
      status: 503,
      reason: 'backendError',
    });
    const before = inserts();
    const hung = await create();
    expect(hung.ms).toBeLessThan(TIMINGS.deadlineMs + TIMINGS.callTimeoutMs + 1_000);
    expect([hung.status, hung.json.error.code, hung.json.error.details.reason]).toEqual([
      504,
      'calendar.errors.createFailed',
      'timeout',
    ]);
    expect(hung.json.error.message).not.toMatch(/\{\{/);
    expect(inserts()).toBe(before);
  });

  it('a hung token refresh is cut, and the refresh lock outlives the deadline', async () => {
    emulator.controls.expireTokens();
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/token',
      delayMs: 5_000,
      status: 503,
      reason: 'x',
    });
    const redis = createClient({ url: config.redisUrl as string });
    await redis.connect();
    try {
      const pending = create();
      const lockKeys = () => redis.keys(`${config.keyPrefix}google:lock:*`);
      await expect.poll(lockKeys, { interval: 50, timeout: TIMINGS.deadlineMs }).toHaveLength(1);
      const locks = await lockKeys();
      expect(await redis.pTTL(locks[0] as string)).toBeGreaterThan(TIMINGS.deadlineMs);
      const hung = await pending;
      expect(hung.ms).toBeLessThan(TIMINGS.deadlineMs + 1_000);
      expect([hung.status, hung.json.error.code, hung.json.error.details.reason]).toEqual([
        504,
        'calendar.errors.oauthFailed',
        'timeout',
      ]);
    } finally {
      await redis.quit();
    }
    emulator.controls.clearFaults();
    expect((await create()).status).toBe(201);
  });
});

describe('one event per meeting', () => {
  beforeAll(freshConnection);

  it('a create Google made but answered 500 to every time is read back, not deleted', async () => {
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 500,
      reason: 'backendError',
      afterEffect: true,
      times: 3,
    });
    const made = await create();
    expect(made.status).toBe(201);
    expect(events().filter((e) => e.id === made.json.googleEventId)).toHaveLength(1);
    expect((await call(a, organiser, 'GET', `/events/${eventId}/meetings/${made.json.id}`)).status).toBe(200);
  });

  it('the same request key twice makes one meeting, one event, one invitation', async () => {
    const key = randomUUID();
    const before = inserts();
    const first = await create({ requestKey: key, title: 'Retried by the page' });
    const again = await create({ requestKey: key, title: 'Retried by the page' }, b);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.json.id).toBe(first.json.id);
    expect(inserts()).toBe(before + 1);
    const list = await call(a, organiser, 'GET', `/events/${eventId}/meetings?platform=google_meet`);
    expect(list.json.data.filter((m: { title: string }) => m.title === 'Retried by the page')).toHaveLength(
      1,
    );
  });

  it('refuses a create without a request key', async () => {
    const { requestKey: _k, ...rest } = input();
    const refused = await call(a, organiser, 'POST', `/events/${eventId}/meetings`, rest);
    expect(refused.status).toBe(400);
  });
});

describe("Google's answers", () => {
  beforeAll(freshConnection);

  it('a malformed 200 is an error the organiser reads, not a meeting without a link', async () => {
    emulator.controls.injectFault({ method: 'POST', pathIncludes: '/events', malformed: true, times: 3 });
    const failed = await create({ title: 'Malformed' });
    expect([failed.status, failed.json.error.code, failed.json.error.details.reason]).toEqual([
      502,
      'calendar.errors.createFailed',
      'malformed',
    ]);
    expect(failed.json.error.message).not.toMatch(/\{\{/);
    const list = await call(a, organiser, 'GET', `/events/${eventId}/meetings?platform=google_meet`);
    expect(list.json.data.some((m: { title: string }) => m.title === 'Malformed')).toBe(false);
  });

  it('honours Retry-After when it fits in the deadline', async () => {
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 429,
      reason: 'rateLimitExceeded',
      retryAfter: 1,
    });
    const made = await create();
    expect(made.status).toBe(201);
    expect(made.ms).toBeGreaterThanOrEqual(1_000);
  });

  it('says Google is limiting calls when Retry-After is beyond the deadline', async () => {
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/events',
      status: 429,
      reason: 'rateLimitExceeded',
      retryAfter: 30,
    });
    const limited = await create();
    expect(limited.ms).toBeLessThan(1_000);
    expect([
      limited.status,
      limited.json.error.details.reason,
      limited.json.error.details.retryAfterSeconds,
    ]).toEqual([502, 'rateLimited', 30]);
  });
});

describe('consent and disconnect', () => {
  it('does not retry the single-use code exchange, and says what failed', async () => {
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/token',
      status: 500,
      reason: 'server_error',
    });
    expect(await connect(colleague, 'sam@gmail.example')).toBe('/events/meetings-1?google=unavailable');
    expect(emulator.controls.state().grants.some((g) => g.email === 'sam@gmail.example')).toBe(false);
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/token',
      status: 400,
      reason: 'invalid_grant',
    });
    expect(await connect(colleague, 'sam@gmail.example')).toBe('/events/meetings-1?google=codeRejected');
  });

  it('says so when Google could not revoke the grant', async () => {
    expect(await connect(colleague, 'sam@gmail.example')).toBe('/events/meetings-1?google=connected');
    emulator.controls.injectFault({
      method: 'POST',
      pathIncludes: '/revoke',
      status: 503,
      reason: 'unavailable',
    });
    const out = await call(a, colleague, 'POST', '/google/disconnect');
    expect(out.json).toMatchObject({ status: 'none', revoked: false });
    expect(emulator.controls.state().grants.find((g) => g.email === 'sam@gmail.example')?.revoked).toBe(
      false,
    );
  });
});

describe('token keys', () => {
  beforeAll(freshConnection);

  it('an instance without the record key logs an error and says the connection must be renewed', async () => {
    const other = await startBff(
      { ...config, googleTokenKeys: [{ id: 'other', key: randomBytes(32) }] },
      { logger: createLogger('debug', capture) },
    );
    try {
      const seen = await call(other, organiser, 'GET', '/google/connection');
      expect(seen.json.status).toBe('unreadable');
      const refused = await call(other, organiser, 'POST', `/events/${eventId}/meetings`, input());
      expect([refused.status, refused.json.error.code]).toEqual([
        409,
        'calendar.errors.connectionUnreadable',
      ]);
      expect(logs).toMatch(/"level":50[^\n]*connection record cannot be decrypted/);
    } finally {
      await other.close();
    }
  });
});

describe('Zoom', () => {
  it('the same request key makes one Zoom meeting', async () => {
    const key = randomUUID();
    const body = input({ requestKey: key, participants: '' });
    const first = await call(a, organiser, 'POST', `/events/${eventId}/zoom-meetings`, body);
    const again = await call(b, organiser, 'POST', `/events/${eventId}/zoom-meetings`, body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.json.zoomMeetingId).toBe(first.json.zoomMeetingId);
    expect(again.json.id).toBe(first.json.id);
  });

  it('a Zoom failure says which one', async () => {
    const offline = await startBff({ ...config, webhookUrl: 'http://127.0.0.1:9/webhook' });
    try {
      const refused = await call(
        offline,
        organiser,
        'POST',
        `/events/${eventId}/zoom-meetings`,
        input({ participants: '' }),
      );
      expect([refused.status, refused.json.error.code, refused.json.error.details.reason]).toEqual([
        502,
        'calendar.errors.zoomCreateFailed',
        'unavailable',
      ]);
      // an edit the service cannot take leaves the record as it was
      const made = await call(
        a,
        organiser,
        'POST',
        `/events/${eventId}/zoom-meetings`,
        input({ participants: '' }),
      );
      const { requestKey: _key, ...fields } = input({ participants: '', title: 'Never saved' });
      const path = `/events/${eventId}/zoom-meetings/${made.json.id}`;
      const edit = await call(offline, organiser, 'PUT', path, fields);
      expect([edit.status, edit.json.error.code, edit.json.error.details.reason]).toEqual([
        502,
        'calendar.errors.zoomUpdateFailed',
        'unavailable',
      ]);
      const kept = await call(a, organiser, 'GET', `/events/${eventId}/meetings/${made.json.id}`);
      expect(kept.json.title).toBe(made.json.title);
    } finally {
      await offline.close();
    }
  });
});

describe('observability', () => {
  it('log lines carry the request id and the organiser, never a token; metrics count by target and outcome', async () => {
    const lines = logs
      .split('\n')
      .filter((line) => line.includes('"google: call failed"') || line.includes('"zoom: call failed"'));
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).toMatch(/"requestId":"[^"]+".*"organiserId":\d+/);
    const state = emulator.controls.state();
    for (const secret of [...state.issuedTokens, ...state.refreshTokens]) expect(logs).not.toContain(secret);
    const metrics = await (await a.bff.metrics.registry.metrics()).toString();
    expect(metrics).toMatch(
      /bff_outside_call_duration_seconds_count\{target="google_calendar",outcome="timeout"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /bff_outside_call_duration_seconds_count\{target="google_oauth",outcome="ok"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /bff_outside_call_duration_seconds_count\{target="google_calendar",outcome="malformed"\} [1-9]/,
    );
  });
});
