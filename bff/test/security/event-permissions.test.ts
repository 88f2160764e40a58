import { DEFAULT_MATCH_CONFIG } from '@evt/matching/index';
import { automationOperations } from '@evt/contracts/automation';
import type { RouteContract } from '@evt/contracts/http';
import { PERMISSIONS, type Permission } from '@evt/contracts/permissions';
import {
  accessOf,
  isPermissionAccess,
  operationAccessOf,
  type RouteAccess,
} from '@evt/contracts/route-access';
import { allRoutes } from '@evt/contracts/routes';
import { badgePng } from '@evt/upstream/seed/png';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, TEST_PASSWORD } from '@evt/upstream/test-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import {
  CSRF,
  DEMO_ORGANISER,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
  WEBHOOK_KEY,
} from '../helpers';

// Event rights: generated from the route table and the webhook operations. For every route that
// needs a permission, a member of the event's organisation without it is refused (403 errors.forbidden),
// the same member granted only it is not; a member of another organisation is refused too (403: the rule
// everywhere, see the report: the existence of an event is public through its registration pages).

let upstream: TestUpstream;
let bff: RunningBff;
let ownerToken: string;
let orgId: number;
let subjectId: number;
let subject: string;
let owner: string;
let outsider: string;

interface Fixtures {
  event: number;
  team: number;
  project: number;
  task: number;
  document: number;
  registration: number;
  form: number;
}

/** The demo event that has registrations, and those not used yet (each erasure takes one). */
let registrationEvent: number;
let seededRegistrations: number[] = [];
const lastSeeded = () => {
  const id = seededRegistrations.pop();
  if (id === undefined || seededRegistrations.length === 0)
    throw new Error('not enough seeded registrations');
  return id;
};
const isRegistrationRoute = (path: string) => path.startsWith('/events/:id/registrations');

const asOwner = async (path: string, init: Parameters<TestUpstream['call']>[1] = {}) => {
  const answer = await upstream.call(path, { token: ownerToken, ...init });
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return answer.status === 204 ? {} : ((await answer.json()) as Record<string, unknown>);
};

/** A new event with one of everything a route may act on, made by the owner straight at the upstream. */
async function fixtures(): Promise<Fixtures> {
  const event = Number(
    (
      await asOwner('/events', {
        method: 'POST',
        json: {
          name: 'Rights',
          organization: orgId,
          startDate: '2027-01-01T09:00:00Z',
          endDate: '2027-01-01T18:00:00Z',
        },
      })
    ).id,
  );
  const team = Number((await asOwner(`/events/${event}/teams`, { method: 'POST', json: { name: 'T' } })).id);
  const project = Number(
    (await asOwner(`/teams/${team}/projects`, { method: 'POST', json: { name: 'P' } })).id,
  );
  const task = Number(
    (await asOwner(`/projects/${project}/tasks`, { method: 'POST', json: { title: 'K' } })).id,
  );
  const form = new FormData();
  form.append('file', new Blob([png()], { type: 'image/png' }), 'plan.png');
  const docs = await upstream.call(`/events/${event}/documents`, {
    method: 'POST',
    token: ownerToken,
    body: form,
  });
  const document = Number(((await docs.json()) as { data: { id: number }[] }).data[0]?.id);
  const forms = await asOwner(`/webhook/event-forms?eventId=${event}`, {
    method: 'POST',
    headers: { 'x-automation-key': WEBHOOK_KEY },
    json: { kind: 'participant', title: 'Participants' },
  });
  return {
    event,
    team,
    project,
    task,
    document,
    registration: seededRegistrations[0] ?? 0,
    form: Number(forms.id),
  };
}

const png = () => badgePng(8, [9, 9, 9], [200, 0, 0]);

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: JSON_WRITE,
  body: JSON.stringify(body),
});

/** A valid call of the route on the fixtures: the route table decides what is tested, this fills it in. */
function sampleCall(route: RouteContract, f: Fixtures): { path: string; init: RequestInit; event: number } {
  const key = `${route.method} ${route.path}`;
  const event = isRegistrationRoute(route.path) ? registrationEvent : f.event;
  const ids: Record<string, number> = {
    id: isRegistrationRoute(route.path)
      ? registrationEvent
      : route.path.startsWith('/teams/')
        ? f.team
        : route.path.startsWith('/projects/')
          ? f.project
          : route.path.startsWith('/tasks/')
            ? f.task
            : f.event,
    taskId: f.task,
    memberId: subjectId,
    userId: subjectId,
    typeId: 3,
    documentId: f.document,
    // the erasures (deletion, anonymisation) take the last seeded ones, the others read the first
    registrationId:
      key === 'DELETE /events/:id/registrations/:registrationId' ||
      key === 'DELETE /events/:id/registrations/:registrationId/personal-data'
        ? lastSeeded()
        : f.registration,
    fileId: 1,
    // the later features' ids: a missing one answers 404 once allowed, which is all this test reads
    requestId: 1,
    sessionId: 1,
    meetingId: 1,
    mailingId: 1,
    exportId: 1,
  };
  const words: Record<string, string> = { action: 'resend', role: 'participant' };
  // a query the route requires (validated before the permission, like the path)
  const queries: Record<string, string> = { 'GET /events/:id/checkins/search': '?q=Du' };
  const path = `/api${route.path.replace(/:(\w+)/g, (_, name: string) => String(words[name] ?? ids[name]))}${queries[key] ?? ''}`;
  const bodies: Record<string, RequestInit> = {
    'PUT /events/:id': json('PUT', {
      name: 'Renamed',
      startDate: '2027-01-01T09:00:00Z',
      endDate: '2027-01-01T18:00:00Z',
    }),
    'PUT /events/:id/status': json('PUT', { status: 'published' }),
    'POST /events/:id/close-registrations': json('POST', {}),
    'POST /events/:id/teams': json('POST', { name: 'New team' }),
    'POST /teams/:id/members': json('POST', { userIds: [subjectId] }),
    'POST /teams/:id/projects': json('POST', { name: 'New project' }),
    'PUT /projects/:id': json('PUT', { name: 'Renamed project' }),
    'POST /projects/:id/tasks': json('POST', { title: 'New task' }),
    'PUT /tasks/:id/completion': json('PUT', { completed: true }),
    'PUT /tasks/:id': json('PUT', { title: 'Renamed', description: '', priority: 'low', dueDate: null }),
    'PUT /events/:id/documents/:documentId': json('PUT', { filename: 'renamed.png' }),
    'PUT /events/:id/features': json('PUT', { features: { commission: true } }),
    'PUT /events/:id/rights/member-types/:typeId': json('PUT', { permissions: null }),
    'PUT /events/:id/rights/members/:userId': json('PUT', { permissions: null }),
  };
  if (key === 'POST /events/:id/documents') {
    const form = new FormData();
    form.append('file', new Blob([png()], { type: 'image/png' }), 'more.png');
    return { path, event, init: { method: 'POST', headers: CSRF, body: form } };
  }
  if (route.method === 'GET') return { path, event, init: {} };
  if (route.method === 'DELETE') return { path, event, init: { method: 'DELETE', headers: CSRF } };
  if (route.method === 'POST' && !route.body) return { path, event, init: { method: 'POST', headers: CSRF } };
  // the permission is checked before the body is read: without a sample, an empty body shows the gate
  // (403 without the permission, the validation's 400 with it)
  return { path, event, init: bodies[key] ?? json(route.method, {}) };
}

/** One valid call per method of each operation whose entry is a permission. */
function operationCalls(
  f: Fixtures,
): { name: string; needed: Permission; path: string; init: RequestInit }[] {
  const calls = [];
  for (const [name, operation] of Object.entries(automationOperations)) {
    for (const method of Object.keys(operation.requests) as ('GET' | 'POST' | 'DELETE')[]) {
      const needed = operationAccessOf(name, method);
      if (needed === undefined || !isPermissionAccess(needed)) continue;
      const key = operation.scope.key;
      const query = name === 'enrolmentMetrics' ? `actions=metrics&event=${f.event}` : `${key}=${f.event}`;
      const samples: Record<string, RequestInit> = {
        'POST eventLogo': {
          method: 'POST',
          headers: { ...CSRF, 'content-type': 'image/png' },
          body: png(),
        },
        'POST eventForms': json('POST', { kind: 'exposant', title: 'Exhibitors' }),
        'POST eventFormsOrder': json('POST', { formIds: [f.form] }),
        'POST configMatching': json('POST', { form_id: f.form, config: DEFAULT_MATCH_CONFIG }),
        'POST zoomMeeting': json('POST', { topic: 'Call', startTime: '2027-01-01T10:00:00Z', duration: 30 }),
        'DELETE zoomMeeting': { method: 'DELETE', headers: CSRF },
        'DELETE eventForms': { method: 'DELETE', headers: CSRF },
      };
      const extra = method === 'DELETE' ? '&id=1' : '';
      const init = method === 'GET' ? {} : samples[`${method} ${name}`];
      if (init === undefined) throw new Error(`${method} ${name}: give it a sample call here`);
      calls.push({
        name: `${method} ${name}`,
        needed,
        path: `/api/automation/${name}?${query}${extra}`,
        init,
      });
    }
  }
  return calls;
}

/** Sets the subject's own permissions in the event, as the owner, through the BFF (which drops its cache). */
async function grant(event: number, permissions: readonly Permission[]) {
  const answer = await fetch(`${bff.url}/api/events/${event}/rights/members/${subjectId}`, {
    method: 'PUT',
    headers: { ...JSON_WRITE, cookie: owner },
    body: JSON.stringify({ permissions }),
  });
  expect(answer.status, await answer.text()).toBe(204);
}

const send = async (cookie: string, call: { path: string; init: RequestInit }) => {
  const answer = await fetch(`${bff.url}${call.path}`, {
    ...call.init,
    headers: { ...(call.init.headers as Record<string, string>), cookie },
  });
  return { status: answer.status, body: await answer.text() };
};

/** A signed-in cookie; a sign-in refused while the rate-limit store is slow (503) is tried again. */
async function cookieFor(credentials?: { email: string; password: string }): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { response, cookie } = await login(bff.url, credentials);
    if (response.status === 200) return cookie;
    expect(response.status).toBe(503);
  }
  throw new Error('could not sign in');
}

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  ownerToken = await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const orgs = (await asOwner('/organizations')) as { data: { id: number }[] };
  orgId = orgs.data[0]?.id as number;
  const subjectToken = await joinAs(upstream, ownerToken, orgId, 'member', 'rights-subject@example.com');
  subjectId = (
    (await (await upstream.call('/auth/userinfo', { token: subjectToken })).json()) as { id: number }
  ).id;
  subject = await cookieFor({ email: 'rights-subject@example.com', password: TEST_PASSWORD });
  owner = await cookieFor();
  // the owner of another organisation (every permission there, none here)
  outsider = await cookieFor(DEMO_ORGANISER_2);
  const events = (await asOwner(`/organizations/${orgId}/events`)) as { data: { id: number }[] };
  for (const event of events.data) {
    const list = (await asOwner(`/events/${event.id}/registrations?limit=100`)) as { data: { id: number }[] };
    if (list.data.length > seededRegistrations.length) {
      registrationEvent = event.id;
      seededRegistrations = list.data.map((row) => row.id);
    }
  }
  expect(seededRegistrations.length).toBeGreaterThan(1);
}, 180_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const permissionRoutes = allRoutes().filter((route) => {
  const access = accessOf(route);
  return access !== undefined && isPermissionAccess(access);
});

describe('event permissions: the access table', () => {
  it('has an entry for every route and every method of every webhook operation', () => {
    const missing = allRoutes()
      .filter((route) => accessOf(route) === undefined)
      .map((route) => `${route.method} ${route.path}`);
    for (const [name, operation] of Object.entries(automationOperations)) {
      for (const method of Object.keys(operation.requests) as ('GET' | 'POST' | 'DELETE')[]) {
        if (operationAccessOf(name, method) === undefined) missing.push(`${method} automation/${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives a signed-in route without a permission an organisation or account reason', () => {
    const publicWithSession = allRoutes()
      .filter((route) => route.auth === 'public' && accessOf(route) !== 'public')
      .map((route) => `${route.method} ${route.path}`);
    expect(publicWithSession).toEqual([]);
    const eventRoutesWithoutPermission = allRoutes()
      .filter((route) => /^\/(events|teams|projects|tasks)\/:/.test(route.path) && route.auth === 'session')
      .filter((route) => !isPermissionAccess(accessOf(route) as RouteAccess))
      .map((route) => `${route.method} ${route.path} ${accessOf(route)}`);
    // the two organisation-level exceptions: deleting an event (managers), reading one's own permissions
    expect(eventRoutesWithoutPermission).toEqual([
      'DELETE /events/:id organization',
      'GET /events/:id/permissions organization',
    ]);
  });
});

describe('event permissions: every route and operation that needs one', () => {
  it.each(permissionRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: refused without its permission, allowed with only it, refused to another organisation',
    async (_, route) => {
      const needed = accessOf(route) as Permission;
      const call = sampleCall(route, await fixtures());
      await grant(
        call.event,
        PERMISSIONS.filter((p) => p !== needed),
      );
      const refused = await send(subject, call);
      expect(refused.status, refused.body).toBe(403);
      expect(JSON.parse(refused.body).error.code).toBe('errors.forbidden');
      expect((await send(outsider, call)).status).toBe(403);
      await grant(call.event, [needed]);
      const allowed = await send(subject, call);
      expect([401, 403], allowed.body).not.toContain(allowed.status);
      expect(allowed.status, allowed.body).toBeLessThan(500);
    },
  );

  it('covers the webhook gateway', async () => {
    const f = await fixtures();
    const calls = operationCalls(f);
    expect(calls.length).toBeGreaterThan(5);
    for (const call of calls) {
      await grant(
        f.event,
        PERMISSIONS.filter((p) => p !== call.needed),
      );
      const refused = await send(subject, call);
      expect(refused.status, `${call.name}: ${refused.body}`).toBe(403);
      expect((await send(outsider, call)).status, call.name).toBe(403);
      await grant(f.event, [call.needed]);
      const allowed = await send(subject, call);
      expect([401, 403], `${call.name}: ${allowed.body}`).not.toContain(allowed.status);
      expect(allowed.status, `${call.name}: ${allowed.body}`).toBeLessThan(500);
    }
  });
});
