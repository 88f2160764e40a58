import type { IncomingHttpHeaders } from 'node:http';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { publicEventForms } from '@evt/contracts/public-registrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  fakeServer,
  login,
  ownAndForeignScopes,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
  WEBHOOK_KEY,
} from './helpers';

let upstream: TestUpstream;
let real: RunningBff;
let recorded: RunningBff;
let webhook: Awaited<ReturnType<typeof fakeServer>>;
const seen: {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body?: unknown;
}[] = [];
let cookie: string;
let ownEvent: number;
let foreignEvent: number;

beforeAll(async () => {
  upstream = await startUpstream();
  // a webhook service that records what reaches it and tries to hand its key back to the browser
  webhook = await fakeServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    seen.push({
      url: req.url ?? '',
      method: req.method ?? '',
      headers: req.headers,
      rawHeaders: req.rawHeaders,
      body: text ? JSON.parse(text) : undefined,
    });
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-automation-key', String(req.headers['x-automation-key']));
    res.end(JSON.stringify({ ok: true }));
  });
  const config = testConfig(upstream);
  real = await startBff(config);
  recorded = await startBff({ ...config, webhookUrl: webhook.url });
  ({ cookie } = await login(real.url));
  const scopes = await ownAndForeignScopes(real.url, cookie, upstream);
  ownEvent = scopes.own.event;
  foreignEvent = scopes.foreign.event;
});
afterAll(async () => {
  await real?.close();
  await recorded?.close();
  await webhook?.close();
  await upstream?.close();
});

describe('automation webhook gateway', () => {
  it('adds the shared header server-side: the reference webhook service accepts the call', async () => {
    const direct = await fetch(`${upstream.webhookUrl}/event?id=${ownEvent}`);
    expect(direct.status).toBe(401);
    const response = await fetch(`${real.url}/api/automation/event?id=${ownEvent}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect((await response.json()).id).toBe(ownEvent);
  });

  it('drops a client-sent copy of the header and never shows the key to the client', async () => {
    const response = await fetch(`${recorded.url}/api/automation/event?id=${ownEvent}`, {
      headers: { cookie, 'x-automation-key': 'client-chosen-value', 'X-Automation-Key': 'another' },
    });
    expect(response.status).toBe(200);
    const call = seen[seen.length - 1]!;
    expect(call.url).toBe(`/event?id=${ownEvent}`);
    expect(call.headers['x-automation-key']).toBe(WEBHOOK_KEY);
    const copies = call.rawHeaders.filter(
      (_, i) => i % 2 === 0 && call.rawHeaders[i]!.toLowerCase() === 'x-automation-key',
    );
    expect(copies).toHaveLength(1);
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers.authorization).toBeUndefined();
    expect(response.headers.get('x-automation-key')).toBeNull();
    const text = await response.text();
    expect(text).not.toContain(WEBHOOK_KEY);
    for (const [, value] of response.headers) expect(value).not.toContain(WEBHOOK_KEY);
  });

  it('refuses events the user does not belong to, without calling the webhook', async () => {
    const count = seen.length;
    const response = await fetch(`${recorded.url}/api/automation/event?id=${foreignEvent}`, {
      headers: { cookie },
    });
    expect([403, 404]).toContain(response.status);
    expect(seen.length).toBe(count);
  });

  it('allows only allowlisted operations, methods and valid queries, with a session', async () => {
    const count = seen.length;
    const cases: [string, RequestInit, number][] = [
      ['/api/automation/unknown?id=1', { headers: { cookie } }, 404],
      ['/api/automation/__proto__?id=1', { headers: { cookie } }, 404],
      [`/api/automation/event?id=${ownEvent}`, { method: 'DELETE', headers: { cookie, ...CSRF } }, 404],
      ['/api/automation/event?id=abc', { headers: { cookie } }, 400],
      ['/api/automation/enrolmentMetrics?actions=drop&event=1', { headers: { cookie } }, 400],
      [`/api/automation/event?id=${ownEvent}`, {}, 401],
      [`/api/automation/eventForms?eventId=${ownEvent}`, { method: 'POST', headers: { cookie } }, 403],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(`${recorded.url}${path}`, init);
      expect(response.status, path).toBe(status);
    }
    expect(seen.length).toBe(count);
  });

  it('forwards the parsed POST body, not the bytes the browser sent', async () => {
    const response = await fetch(`${recorded.url}/api/automation/eventForms?eventId=${ownEvent}`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'participant', title: ' Participants ', extra: 'dropped' }),
    });
    expect(response.status).toBe(200);
    const call = seen[seen.length - 1]!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ kind: 'participant', title: 'Participants', open: true });
  });

  it('refuses a body that fails the operation schema before anything reaches the webhook', async () => {
    const count = seen.length;
    const response = await fetch(`${recorded.url}/api/automation/eventForms?eventId=${ownEvent}`, {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ form: 'participant' }),
    });
    expect(response.status).toBe(400);
    expect(seen.length).toBe(count);
  });

  it("shows a form opened or closed on the event's public pages at once, though they are kept a few seconds", async () => {
    const participantForm = async () => {
      const answer = await fetch(`${real.url}/api/public/events/sii-2027/forms`);
      const body = publicEventForms.parse(await answer.json());
      return { eventId: body.event.id, open: body.forms.find((f) => f.kind === 'participant')?.open };
    };
    const set = (eventId: number, open: boolean) =>
      fetch(`${real.url}/api/automation/eventForms?eventId=${eventId}`, {
        method: 'POST',
        headers: { cookie, ...CSRF, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'participant', title: 'Participants', open }),
      });
    const before = await participantForm();
    for (const open of [!before.open, Boolean(before.open)]) {
      expect((await set(before.eventId, open)).status).toBeLessThan(300);
      expect((await participantForm()).open).toBe(open);
    }
  });
});
