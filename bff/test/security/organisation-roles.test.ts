import { request as httpRequest } from 'node:http';
import { type AutomationOperation, automationOperations } from '@evt/contracts/automation';
import type { RouteContract } from '@evt/contracts/http';
import { allRoutes } from '@evt/contracts/routes';
import { badgePng } from '@evt/upstream/seed/png';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, MEMBER_TYPE_IDS, TEST_PASSWORD } from '@evt/upstream/test-members';
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

// A plain member edited the organisation's settings and invited administrators.
// Owners and administrators manage an organisation; a plain member cannot, through any route.

type Who = 'owner' | 'admin' | 'member';
interface Call {
  path: string;
  init: RequestInit;
  /** the upstream request that must not happen for a refused caller */
  upstream: { method: string; path: string };
}

let upstream: TestUpstream;
let recorder: Awaited<ReturnType<typeof fakeServer>>;
let bff: RunningBff;
let ownerToken: string;
let memberToken: string;
let orgId: number;
const cookies = {} as Record<Who, string>;
/** every request that reached the reference upstream (REST and webhook), in order */
const reached: { method: string; path: string }[] = [];
let invitees = 0;

/** A pending invitation of the organisation, made by the owner straight at the upstream. */
async function pendingInvitation(): Promise<number> {
  const answer = await upstream.call(`/organizations/${orgId}/members/invite`, {
    method: 'POST',
    token: ownerToken,
    json: {
      email: `pending-${++invitees}@example.com`,
      memberTypeId: MEMBER_TYPE_IDS.member,
      url: 'http://localhost:3000/x',
    },
  });
  return ((await answer.json()) as { id: number }).id;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: JSON_WRITE,
  body: JSON.stringify(body),
});

/** A new event of the organisation, made by the owner straight at the upstream (deletion). */
async function freshEvent(): Promise<number> {
  const answer = await upstream.call('/events', {
    method: 'POST',
    token: ownerToken,
    json: {
      name: 'To delete',
      organization: orgId,
      startDate: '2027-01-01T09:00:00Z',
      endDate: '2027-01-01T18:00:00Z',
    },
  });
  return ((await answer.json()) as { id: number }).id;
}

/** A new plain member of the organisation and their user id (type change, removal). */
async function freshMember(): Promise<number> {
  const token = await joinAs(upstream, ownerToken, orgId, 'member', `changed-${++invitees}@example.com`);
  return ((await (await upstream.call('/auth/userinfo', { token })).json()) as { id: number }).id;
}

/** One call per route that declares a role: the route table decides what is tested, this only fills it in. */
async function sampleCall(route: RouteContract, who: Who): Promise<Call> {
  const key = `${route.method} ${route.path}`;
  const id = route.path.startsWith('/invitations/')
    ? await pendingInvitation()
    : route.path.startsWith('/events/')
      ? await freshEvent()
      : orgId;
  const userId = route.path.includes(':userId') ? String(await freshMember()) : '';
  const fill = (template: string) =>
    template
      .replace(':id', String(id))
      .replace(':userId', userId)
      .replace(':typeId', String(MEMBER_TYPE_IDS.member));
  const path = fill(route.path);
  const upstreamCall = { method: route.method, path: fill(route.upstreamPath ?? route.path) };
  const init = ((): RequestInit => {
    switch (key) {
      case 'PUT /organizations/:id':
        return json('PUT', { name: `Renamed by the ${who}` });
      case 'POST /organizations/:id/image': {
        const form = new FormData();
        form.append('file', new Blob([badgePng(8, [9, 9, 9], [200, 0, 0])], { type: 'image/png' }), 'a.png');
        return { method: 'POST', headers: CSRF, body: form };
      }
      case 'POST /organizations/:id/members/invite':
        return json('POST', {
          email: `${who}-invites-${++invitees}@example.com`,
          memberTypeId: MEMBER_TYPE_IDS.admin,
        });
      case 'PUT /organizations/:id/privacy-notice':
        return json('PUT', {
          url: 'https://example.com/privacy',
          texts: { fr: `Notice set by the ${who}`, en: '', ja: '' },
          contactEmail: 'dpo@example.com',
        });
      case 'POST /invitations/:id/resend':
        return json('POST', {});
      case 'POST /invitations/:id/invalidate':
        return { method: 'POST', headers: CSRF };
      case 'GET /organizations/:id/invitations':
      case 'GET /organizations/:id/rights':
      case 'GET /organizations/:id/permissions':
        return {};
      case 'DELETE /events/:id':
      case 'DELETE /organizations/:id/members/:userId':
        return { method: 'DELETE', headers: CSRF };
      case 'PUT /organizations/:id/members/:userId':
        return json('PUT', { memberTypeId: MEMBER_TYPE_IDS.admin });
      case 'PUT /organizations/:id/rights/member-types/:typeId':
      case 'PUT /organizations/:id/rights/members/:userId':
        return json('PUT', { permissions: null });
      default:
        throw new Error(`${key} declares a role: give it a sample call here`);
    }
  })();
  return { path: `/api${path}`, init, upstream: upstreamCall };
}

/** One call per automation operation and method that declares a role. */
function operationCalls(who: Who): Call[] {
  const calls: Call[] = [];
  for (const [name, operation] of Object.entries(automationOperations)) {
    if (!('role' in operation) || operation.role !== 'manager') continue;
    for (const method of Object.keys(operation.requests)) {
      const query = `?${operation.scope.key}=${orgId}`;
      const init = method === 'POST' ? json('POST', { apiKey: `set-by-${who}` }) : { method };
      calls.push({
        path: `/api/automation/${name}${query}`,
        init,
        upstream: { method, path: `/webhook/${operation.path}` },
      });
    }
  }
  return calls;
}

async function managedRouteCalls(who: Who): Promise<Call[]> {
  const routes = allRoutes().filter((route) => route.role === 'manager');
  const calls: Call[] = [];
  for (const route of routes) calls.push(await sampleCall(route, who));
  return [...calls, ...operationCalls(who)];
}

/** What management could change, read as the owner straight from the upstream. */
async function organisationState() {
  const read = async (path: string, init: RequestInit & { token?: string } = { token: ownerToken }) => {
    const answer = await upstream.call(path, init);
    return { status: answer.status, body: await answer.text() };
  };
  return Promise.all([
    read(`/organizations/${orgId}`),
    read(`/organizations/${orgId}/members`),
    read(`/organizations/${orgId}/invitations?limit=50`),
    read(`/organizations/${orgId}/image`),
    read(`/webhook/organization-credential?id=${orgId}`, { headers: { 'x-automation-key': WEBHOOK_KEY } }),
  ]);
}

beforeAll(async () => {
  upstream = await startUpstream();
  // a loopback relay in front of the reference upstream that notes every request reaching it
  const target = new URL(upstream.apiUrl);
  recorder = await fakeServer((req, res) => {
    reached.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0] ?? '' });
    const out = httpRequest(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(out);
  });
  bff = await startBff(testConfig({ apiUrl: recorder.url, webhookUrl: `${recorder.url}/webhook` }));
  ownerToken = await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const orgs = (await (await upstream.call('/organizations', { token: ownerToken })).json()) as {
    data: { id: number }[];
  };
  orgId = orgs.data[0]?.id as number;
  await joinAs(upstream, ownerToken, orgId, 'admin', 'roles-admin@example.com');
  memberToken = await joinAs(upstream, ownerToken, orgId, 'member', 'roles-member@example.com');
  await upstream.call(`/webhook/organization-credential?id=${orgId}`, {
    method: 'POST',
    headers: { 'x-automation-key': WEBHOOK_KEY },
    json: { apiKey: 'the-organisation-secret' },
  });
  cookies.owner = (await login(bff.url)).cookie;
  for (const who of ['admin', 'member'] as const) {
    cookies[who] = (
      await login(bff.url, { email: `roles-${who}@example.com`, password: TEST_PASSWORD })
    ).cookie;
  }
});
afterAll(async () => {
  await bff?.close();
  await recorder?.close();
  await upstream?.close();
});

const send = (call: Call, who: Who, locale = 'en') =>
  fetch(`${bff.url}${call.path}`, {
    ...call.init,
    headers: {
      ...(call.init.headers as Record<string, string>),
      cookie: `${cookies[who]}; locale=${locale}`,
    },
  });

/** Every managed route as the plain member: 403 in the caller's language, nothing forwarded, nothing changed. */
async function expectRefusedToMember() {
  const calls = await managedRouteCalls('member');
  expect(calls.length).toBeGreaterThan(0);
  const before = await organisationState();
  for (const call of calls) {
    const mark = reached.length;
    const answer = await send(call, 'member', 'fr');
    expect(answer.status, `${call.init.method ?? 'GET'} ${call.path}`).toBe(403);
    const body = (await answer.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('errors.forbidden');
    expect(body.error.message).toBe("Vous n'avez pas accès à cette ressource.");
    const forwarded = reached
      .slice(mark)
      .filter((r) => r.method === call.upstream.method && r.path === call.upstream.path);
    expect(forwarded, call.path).toEqual([]);
  }
  expect(await organisationState()).toEqual(before);
}

describe('organisation roles: every route that declares one', () => {
  it('refuses a plain member with 403 errors.forbidden, before anything reaches the upstream', async () => {
    await expectRefusedToMember();
  });

  it('refuses them still when the member manages another organisation of their own', async () => {
    const own = await upstream.call('/organizations', {
      method: 'POST',
      token: memberToken,
      json: { name: 'Mine' },
    });
    expect(own.status).toBe(201);
    await expectRefusedToMember();
  });

  it.each(['admin', 'owner'] as const)('lets an %s through on each of them', async (who) => {
    for (const call of await managedRouteCalls(who)) {
      const answer = await send(call, who);
      expect(answer.status, `${who}: ${call.init.method ?? 'GET'} ${call.path}`).toBeLessThan(300);
    }
  });

  it('keeps reading and day-to-day routes open to a plain member', async () => {
    for (const path of ['', '/members', '/events', '/teams', '/event-numbers']) {
      const call = {
        path: `/api/organizations/${orgId}${path}`,
        init: {},
        upstream: { method: 'GET', path },
      };
      expect((await send(call, 'member')).status, path).toBe(200);
    }
  });
});

describe('the last owner', () => {
  it('is neither removed nor demoted, with the reason in the caller’s language', async () => {
    const ownerId = (
      (await (await upstream.call('/auth/userinfo', { token: ownerToken })).json()) as {
        id: number;
      }
    ).id;
    const call = (init: RequestInit): Call => ({
      path: `/api/organizations/${orgId}/members/${ownerId}`,
      init,
      upstream: { method: init.method ?? 'GET', path: '' },
    });
    for (const init of [
      { method: 'DELETE', headers: CSRF },
      json('PUT', { memberTypeId: MEMBER_TYPE_IDS.member }),
    ]) {
      const answer = await send(call(init), 'owner', 'fr');
      expect(answer.status).toBe(409);
      const body = (await answer.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('errors.lifecycle.lastOwner');
      expect(body.error.message).toMatch(/au moins un propriétaire/);
    }
  });
});

describe('organisation roles: declarations', () => {
  it('every organisation-level route and operation declares its role', () => {
    const orgLevel = /^\/(organizations|invitations)\/:/;
    const undeclared = allRoutes()
      .filter((route) => route.auth === 'session' && orgLevel.test(route.path) && route.role === undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
    const operations = Object.entries(automationOperations as Record<string, AutomationOperation>)
      .filter(([, operation]) => operation.scope.kind === 'organization' && !('role' in operation))
      .map(([name]) => name);
    expect(operations).toEqual([]);
  });
});
