/**
 * The organisation's credentials are secrets the automation service uses on its behalf. The webhook
 * answers them whole; the browser must never receive one in full, and only owners may see or change them.
 */
import { organizationCredentials } from '@evt/contracts/organization-credentials';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, TEST_PASSWORD } from '@evt/upstream/test-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  DEMO_ORGANISER,
  fakeServer,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
  WEBHOOK_KEY,
} from '../helpers';

const SECRET = 'sk_live_organisation_secret_9f3a';
const SHORT = 'pin42';

let upstream: TestUpstream;
let recorder: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
let orgId: number;
const cookies: Record<'owner' | 'admin' | 'member', string> = { owner: '', admin: '', member: '' };
/** every webhook request that reached the reference upstream */
const reachedWebhook: string[] = [];

const stored = async () =>
  (
    (await (
      await upstream.call(`/webhook/organization-credential?id=${orgId}`, {
        headers: { 'x-automation-key': WEBHOOK_KEY },
      })
    ).json()) as { credentials: Record<string, unknown> }
  ).credentials;

const credentials = (who: keyof typeof cookies, init: RequestInit = {}, path = '') =>
  fetch(`${bff.url}/api/organizations/${orgId}/credentials${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), cookie: `${cookies[who]}; locale=fr` },
  });

const setCredential = (who: keyof typeof cookies, name: string, value: string) =>
  credentials(who, { method: 'PUT', headers: JSON_WRITE, body: JSON.stringify({ name, value }) });

beforeAll(async () => {
  upstream = await startUpstream();
  // a relay in front of the webhook that notes what reaches it
  recorder = await fakeServer(async (req, res) => {
    reachedWebhook.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await fetch(`${upstream.webhookUrl}${req.url}`, {
      method: req.method,
      headers: Object.fromEntries(
        ['content-type', 'x-automation-key']
          .filter((name) => typeof req.headers[name] === 'string')
          .map((name) => [name, req.headers[name] as string]),
      ),
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  bff = await startBff({ ...testConfig(upstream), webhookUrl: recorder.url });
  const ownerToken = await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const orgs = (await (await upstream.call('/organizations', { token: ownerToken })).json()) as {
    data: { id: number }[];
  };
  orgId = orgs.data[0]?.id as number;
  await joinAs(upstream, ownerToken, orgId, 'admin', 'credentials-admin@example.com');
  await joinAs(upstream, ownerToken, orgId, 'member', 'credentials-member@example.com');
  await upstream.call(`/webhook/organization-credential?id=${orgId}`, {
    method: 'POST',
    headers: { 'x-automation-key': WEBHOOK_KEY },
    json: { apiKey: SECRET, pin: SHORT, settings: { region: 'eu' } },
  });
  cookies.owner = (await login(bff.url)).cookie;
  for (const who of ['admin', 'member'] as const) {
    cookies[who] = (
      await login(bff.url, { email: `credentials-${who}@example.com`, password: TEST_PASSWORD })
    ).cookie;
  }
});
afterAll(async () => {
  await bff?.close();
  await recorder?.close();
  await upstream?.close();
});

describe('the organisation credential, as its owner reads it', () => {
  it('answers each name with at most the last characters of a long value, never a value in full', async () => {
    const answer = await credentials('owner');
    expect(answer.status).toBe(200);
    expect(reachedWebhook.at(-1)).toBe(`GET /organization-credential?id=${orgId}`);
    const text = await answer.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SHORT);
    expect(text).not.toContain('region');
    const view = organizationCredentials.parse(JSON.parse(text));
    expect(view.credentials).toEqual([
      { name: 'apiKey', lastCharacters: '9f3a' },
      { name: 'pin', lastCharacters: null },
      { name: 'settings', lastCharacters: null },
    ]);
  });

  it('sets and replaces one value, keeps the others, and answers them masked', async () => {
    const replaced = 'sk_live_replacement_value_7b21';
    for (const [name, value] of [
      ['zoomSecret', 'zoom-secret-value-0042'],
      ['apiKey', replaced],
    ] as const) {
      const answer = await setCredential('owner', name, value);
      expect(answer.status).toBe(200);
      expect(await answer.text()).not.toContain(value);
    }
    expect(await stored()).toEqual({
      apiKey: replaced,
      pin: SHORT,
      settings: { region: 'eu' },
      zoomSecret: 'zoom-secret-value-0042',
    });
  });

  it('clears one credential', async () => {
    const answer = await credentials('owner', { method: 'DELETE', headers: CSRF }, '/zoomSecret');
    expect(answer.status).toBe(200);
    const view = organizationCredentials.parse(await answer.json());
    expect(view.credentials.map((c) => c.name)).toEqual(['apiKey', 'pin', 'settings']);
    expect(await stored()).not.toHaveProperty('zoomSecret');
    const again = await credentials('owner', { method: 'DELETE', headers: CSRF }, '/zoomSecret');
    expect(again.status).toBe(404);
  });

  it('refuses a bad name or an empty value with localised field errors, nothing stored', async () => {
    const before = await stored();
    for (const [name, value, field] of [
      ['has space', 'value', 'name'],
      ['id', 'value', 'name'],
      ['token', '   ', 'value'],
    ] as const) {
      const answer = await setCredential('owner', name, value);
      expect(answer.status, name).toBe(400);
      const body = (await answer.json()) as { error: { code: string; details: { fieldErrors: object } } };
      expect(body.error.code).toBe('errors.validation');
      expect(Object.keys(body.error.details.fieldErrors)).toEqual([field]);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('the organisation credential, for anyone but an owner', () => {
  it.each(['admin', 'member'] as const)(
    'refuses the %s every route before the webhook is called',
    async (who) => {
      const before = await stored();
      const mark = reachedWebhook.length;
      for (const answer of [
        await credentials(who),
        await setCredential(who, 'apiKey', 'set-by-someone-else'),
        await credentials(who, { method: 'DELETE', headers: CSRF }, '/apiKey'),
      ]) {
        expect(answer.status).toBe(403);
        const body = JSON.parse(await answer.text());
        expect(body.error.code).toBe('errors.forbidden');
        // the request id is random hex: four of its characters may be the masked tail by chance
        delete body.error.details?.requestId;
        expect(JSON.stringify(body)).not.toContain(SECRET.slice(-4));
      }
      expect(reachedWebhook.slice(mark)).toEqual([]);
      expect(await stored()).toEqual(before);
    },
  );

  it('is no webhook gateway operation: the raw answer never reaches the browser', async () => {
    const answer = await fetch(`${bff.url}/api/automation/organizationCredential?id=${orgId}`, {
      headers: { cookie: cookies.owner },
    });
    expect(answer.status).toBe(404);
    expect(await answer.text()).not.toContain('sk_live');
  });
});
