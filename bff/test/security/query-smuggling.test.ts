/**
 * The gateway authorised a call on one reading of the query string and forwarded
 * another. `?id=<foreign>&x=1…(1,000 times)…&id=<own>` passed the membership check as the attacker's own
 * organisation (the last `id`) while the upstream, whose parser stops after 1,000 pairs, acted on the
 * foreign one. These tests replay that attack against the real reference upstream, then a generated
 * matrix of ambiguous queries against every webhook operation and every proxied route.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type AutomationOperation, automationOperations } from '@evt/contracts/automation';
import { allRoutes } from '@evt/contracts/routes';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  fakeServer,
  JSON_WRITE,
  login,
  ownAndForeignScopes,
  type RunningBff,
  type Scope,
  startBff,
  startUpstream,
  testConfig,
  WEBHOOK_KEY,
} from '../helpers';

interface Seen {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}

let upstream: TestUpstream;
let real: RunningBff;
let recording: RunningBff;
let webhook: Awaited<ReturnType<typeof fakeServer>>;
const seenByWebhook: Seen[] = [];
let cookie: string;
let own: Scope;
let foreign: Scope;

const filler = Array.from({ length: 1000 }, () => 'x=1').join('&');

const webhookCall = (path: string, init: RequestInit = {}) =>
  fetch(`${upstream.webhookUrl}${path}`, {
    ...init,
    headers: { 'x-automation-key': WEBHOOK_KEY, 'content-type': 'application/json', ...init.headers },
  });

beforeAll(async () => {
  upstream = await startUpstream();
  webhook = await fakeServer((req, res) => {
    seenByWebhook.push({ url: req.url ?? '', method: req.method ?? '', headers: req.headers });
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end('{}');
  });
  const config = testConfig(upstream);
  real = await startBff(config);
  recording = await startBff({ ...config, webhookUrl: webhook.url });
  ({ cookie } = await login(real.url));
  ({ own, foreign } = await ownAndForeignScopes(real.url, cookie, upstream));
  // the victim organisation holds a secret credential
  const stored = await webhookCall(`/organization-credential?id=${foreign.organization}`, {
    method: 'POST',
    body: JSON.stringify({ apiKey: 'victim-secret-key' }),
  });
  expect(stored.status).toBe(200);
});
afterAll(async () => {
  await real?.close();
  await recording?.close();
  await webhook?.close();
  await upstream?.close();
});

describe('the reported attack, against the reference upstream', () => {
  // the credential is no gateway operation any more: the owners' routes take the organisation from the path
  it("cannot read another organisation's credentials by padding the query past 1,000 pairs", async () => {
    for (const url of [
      `${real.url}/api/automation/organizationCredential?id=${foreign.organization}&${filler}&id=${own.organization}`,
      `${real.url}/api/organizations/${own.organization}/credentials?id=${foreign.organization}&${filler}`,
    ]) {
      const response = await fetch(url, { headers: { cookie } });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(await response.text()).not.toContain('victim-secret-key');
    }
  });

  it("cannot replace another organisation's credentials", async () => {
    for (const url of [
      `${real.url}/api/automation/organizationCredential?id=${foreign.organization}&${filler}&id=${own.organization}`,
      `${real.url}/api/organizations/${foreign.organization}/credentials`,
    ]) {
      const response = await fetch(url, {
        method: url.includes('automation') ? 'POST' : 'PUT',
        headers: { cookie, ...JSON_WRITE },
        body: JSON.stringify({ id: foreign.organization, name: 'apiKey', value: 'attacker', apiKey: 'x' }),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
    }
    const kept = await (await webhookCall(`/organization-credential?id=${foreign.organization}`)).json();
    expect(kept.credentials).toEqual({ apiKey: 'victim-secret-key' });
  });

  it("cannot close another event's public forms", async () => {
    const before = await (await webhookCall(`/event-forms?eventId=${foreign.event}`)).json();
    const response = await fetch(
      `${real.url}/api/automation/eventForms?eventId=${foreign.event}&${filler}&eventId=${own.event}`,
      {
        method: 'POST',
        headers: { cookie, ...JSON_WRITE },
        body: JSON.stringify({ kind: 'participant', title: 'Closed', open: false }),
      },
    );
    expect(response.status).toBe(400);
    const after = await (await webhookCall(`/event-forms?eventId=${foreign.event}`)).json();
    expect(after).toEqual(before);
  });
});

/** Query strings that read differently depending on the parser, each built around an own and a foreign id. */
function ambiguousQueries(key: string, mine: number, theirs: number, rest: string): [string, string][] {
  const tail = rest ? `&${rest}` : '';
  return [
    ['repeated key', `${key}=${theirs}&${key}=${mine}${tail}`],
    ['repeated key past 1,000 pairs', `${key}=${theirs}&${filler}&${key}=${mine}${tail}`],
    ['array syntax', `${key}[]=${theirs}&${key}=${mine}${tail}`],
    ['indexed array syntax', `${key}[0]=${theirs}&${key}=${mine}${tail}`],
    ['semicolon separator', `${key}=${mine};${key}=${theirs}${tail}`],
    ['encoded separator', `${key}=${mine}%26${key}%3D${theirs}${tail}`],
    [
      'encoded key repeated',
      `${key}=${mine}&${encodeURIComponent(key).replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`)}=${theirs}${tail}`,
    ],
    ['1,001 parameters', `${key}=${mine}${tail}&${filler}&y=1`],
  ];
}

describe('every webhook operation refuses ambiguous queries and forwards only what it validated', () => {
  const operations: Record<string, AutomationOperation> = automationOperations;
  for (const [name, operation] of Object.entries(operations)) {
    const scope = operation.scope;
    const extra = name === 'enrolmentMetrics' ? 'actions=metrics' : '';
    for (const method of Object.keys(operation.requests) as ('GET' | 'POST' | 'DELETE')[]) {
      const deleteExtra = method === 'DELETE' ? 'id=5' : extra;
      it(`${method} ${name}`, async () => {
        const mine = scope.kind === 'organization' ? own.organization : own.event;
        const theirs = scope.kind === 'organization' ? foreign.organization : foreign.event;
        const count = seenByWebhook.length;
        for (const [label, query] of ambiguousQueries(scope.key, mine, theirs, deleteExtra)) {
          const response = await fetch(`${recording.url}/api/automation/${name}?${query}`, {
            method,
            headers: { cookie, ...CSRF, 'content-type': 'application/json' },
            body: method === 'GET' ? undefined : '{}',
          });
          expect(response.status, label).toBe(400);
        }
        expect(seenByWebhook.length, 'nothing reached the webhook').toBe(count);
      });
    }
  }

  it('forwards the validated query rebuilt, unknown parameters dropped', async () => {
    const response = await fetch(
      `${recording.url}/api/automation/enrolmentMetrics?event=${own.event}&actions=metrics&token=abc&x=%26id%3D2`,
      { headers: { cookie } },
    );
    expect(response.status).toBe(200);
    expect(seenByWebhook.at(-1)!.url).toBe(`/enrolment?actions=metrics&event=${own.event}`);
  });
});

describe('every proxied REST route refuses ambiguous queries', () => {
  // numbers, codes, slugs, and a badge model's role
  const candidates = ['1', 'abcdefghijklmnopqrstuvwxyz012345', 'demo-event', 'participant'];
  /** The first combination of candidate values that the route's params schema accepts. */
  const paramsFor = (
    schema: { safeParse(v: unknown): { success: boolean } } | undefined,
    names: string[],
  ) => {
    let combos: Record<string, string>[] = [{}];
    for (const name of names) combos = combos.flatMap((c) => candidates.map((v) => ({ ...c, [name]: v })));
    return combos.find((c) => !schema || schema.safeParse(c).success) ?? combos[0]!;
  };

  for (const route of allRoutes().filter((r) => r.kind === 'proxy')) {
    it(`${route.method} ${route.path}`, async () => {
      const names = [...route.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]!);
      const params = paramsFor(route.params, names);
      const path = route.path.replace(/:([A-Za-z_]\w*)/g, (_, n: string) => params[n]!);
      // an encoded separator is one plain value here: harmless, since the query is rebuilt, not forwarded
      const queries = ambiguousQueries('id', 1, 2, '').filter(([label]) => label !== 'encoded separator');
      for (const [label, query] of queries) {
        const response = await fetch(`${recording.url}/api${path}?${query}`, {
          method: route.method,
          headers: { cookie, ...CSRF },
        });
        expect(response.status, `${label}: ${route.method} ${path}`).toBe(400);
        const body = await response.json();
        expect(body.error.code, label).toBe('errors.ambiguousQuery');
      }
    });
  }
});

describe("the BFF's own routes refuse ambiguous queries", () => {
  it.each([
    ['/api/auth/me?x=1&x=2'],
    ['/api/public/registrations/confirm?token=a&token=b'],
    [`/api/public/registrations/confirm?token[]=a`],
    [`/api/automation/event?id=1;id=2`],
  ])('%s', async (path) => {
    const response = await fetch(`${real.url}${path}`, { headers: { cookie } });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('errors.ambiguousQuery');
  });
});
