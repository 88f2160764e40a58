import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import { encodePng } from '@evt/upstream/seed/png';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  CSRF,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/** Who may see what: each organiser gets 403 on the other's data through every console route. */
let upstream: TestUpstream;
let bff: RunningBff;
let own: string;
let other: string;
const ids = { org: 0, event: 0, team: 0, project: 0, task: 0, invitation: 0, otherUser: 0 };

const call = apiCaller(() => bff.url);

function multipart(parts: { name: string; filename: string; type: string; data: Buffer }[]) {
  const form = new FormData();
  for (const part of parts) form.append(part.name, new Blob([part.data], { type: part.type }), part.filename);
  return form;
}

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  own = (await login(bff.url)).cookie;
  other = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  ids.org = (await call(own, 'GET', '/organizations')).json.data[0].id;
  ids.event = (await call(own, 'GET', `/organizations/${ids.org}/events`)).json.data[0].id;
  const team = await call(own, 'POST', `/events/${ids.event}/teams`, { name: 'Accueil' });
  expect(team.status).toBe(201);
  ids.team = team.json.id;
  ids.project = (await call(own, 'POST', `/teams/${ids.team}/projects`, { name: 'Badges' })).json.id;
  const task = await call(own, 'POST', `/projects/${ids.project}/tasks`, { title: 'Imprimer' });
  expect(task.json.priority).toBe('high');
  ids.task = task.json.id;
  const types = (await call(own, 'GET', '/member-types')).json.data as { id: number; code: string }[];
  const invited = await call(own, 'POST', `/organizations/${ids.org}/members/invite`, {
    email: 'someone@example.org',
    memberTypeId: types.find((t) => t.code !== 'owner')?.id,
  });
  expect(invited.status).toBe(201);
  ids.invitation = invited.json.id;
  const otherMe = await call(other, 'GET', '/auth/me');
  ids.otherUser = otherMe.json.user?.id ?? otherMe.json.id ?? 1;
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const routes = (): [string, string, unknown?][] => [
  ['GET', `/organizations/${ids.org}`],
  ['PUT', `/organizations/${ids.org}`, { name: 'Pris' }],
  ['GET', `/organizations/${ids.org}/members`],
  ['GET', `/organizations/${ids.org}/member-names?userIds=${ids.otherUser}`],
  ['GET', `/organizations/${ids.org}/invitations?limit=5&page=1`],
  ['POST', `/organizations/${ids.org}/members/invite`, { email: 'x@example.org', memberTypeId: 1 }],
  ['POST', `/invitations/${ids.invitation}/invalidate`],
  ['POST', `/invitations/${ids.invitation}/resend`, {}],
  ['GET', `/organizations/${ids.org}/teams`],
  ['GET', `/organizations/${ids.org}/events`],
  ['GET', `/events/${ids.event}`],
  ['GET', `/events/${ids.event}/teams`],
  ['POST', `/events/${ids.event}/teams`, { name: 'Intrus' }],
  ['POST', `/teams/${ids.team}/members`, { userIds: [ids.otherUser] }],
  ['GET', `/teams/${ids.team}/projects`],
  ['POST', `/teams/${ids.team}/projects`, { name: 'Intrus' }],
  ['GET', `/events/${ids.event}/tasks`],
  ['POST', `/projects/${ids.project}/tasks`, { title: 'Intrus' }],
  ['PUT', `/tasks/${ids.task}/completion`],
  ['POST', `/tasks/${ids.task}/members/${ids.otherUser}`],
  ['PUT', `/tasks/${ids.task}`, { title: 'Intrus', description: '', priority: 'low', dueDate: null }],
  ['DELETE', `/tasks/${ids.task}/members/${ids.otherUser}`],
  ['DELETE', `/tasks/${ids.task}`],
  ['PUT', `/projects/${ids.project}`, { name: 'Intrus' }],
  ['DELETE', `/projects/${ids.project}`],
  ['GET', `/events/${ids.event}/documents`],
  ['PUT', `/events/${ids.event}/documents/1`, { filename: 'intrus' }],
  ['DELETE', `/events/${ids.event}/documents/1`],
  ['GET', `/events/${ids.event}/features`],
  ['PUT', `/events/${ids.event}/features`, { features: { commission: false } }],
  ['DELETE', `/teams/${ids.team}`],
];

describe('console routes through the BFF', () => {
  it('answer the owner', async () => {
    for (const [method, path] of routes().filter(([m]) => m === 'GET')) {
      expect({ path, status: (await call(own, method, path)).status }).toEqual({ path, status: 200 });
    }
    const tasks = await call(own, 'GET', `/events/${ids.event}/tasks`);
    expect(tasks.json.data.map((k: { id: number }) => k.id)).toContain(ids.task);
  });

  it('answer 403 to an organiser of another organisation, on every route', async () => {
    for (const [method, path, body] of routes()) {
      expect({ method, path, status: (await call(other, method, path, body)).status }).toEqual({
        method,
        path,
        status: 403,
      });
    }
    // nothing changed
    expect((await call(own, 'GET', `/organizations/${ids.org}`)).json.name).not.toBe('Pris');
    expect((await call(own, 'GET', `/teams/${ids.team}/projects`)).json.data).toHaveLength(1);
  });

  it('answer 403 on webhook reads keyed by the other organisation or its event', async () => {
    for (const path of [
      `/automation/enrolmentMetrics?actions=metrics&event=${ids.event}`,
      `/automation/eventData?eventId=${ids.event}`,
      `/automation/event?id=${ids.event}`,
      `/automation/eventForms?eventId=${ids.event}`,
      `/organizations/${ids.org}/credentials`,
    ]) {
      expect({ path, status: (await call(other, 'GET', path)).status }).toEqual({ path, status: 403 });
    }
    const forms = await call(other, 'POST', `/automation/eventForms?eventId=${ids.event}`, {
      kind: 'participant',
      title: 'Intrus',
    });
    expect(forms.status).toBe(403);
    const logo = await fetch(`${bff.url}/api/automation/eventLogo?eventId=${ids.event}`, {
      method: 'POST',
      headers: { cookie: other, ...CSRF, 'content-type': 'image/png' },
      body: encodePng(4, 4, () => [1, 2, 3]),
    });
    expect(logo.status).toBe(403);
    const metrics = await call(own, 'GET', `/automation/enrolmentMetrics?actions=metrics&event=${ids.event}`);
    expect(metrics.status).toBe(200);
    expect(metrics.json.total).toBeGreaterThan(0);
  });

  it('keeps feature switches per event', async () => {
    const off = await call(own, 'PUT', `/events/${ids.event}/features`, { features: { badgeModel: false } });
    expect(off.json.features).toMatchObject({ badgeModel: false, commission: true });
    expect((await call(own, 'GET', `/events/${ids.event}/features`)).json.features.badgeModel).toBe(false);
    expect(
      (await call(own, 'PUT', `/events/${ids.event}/features`, { features: { nope: true } })).status,
    ).toBe(400);
  });

  it('toggles completion and assigns organisation members only', async () => {
    const done = await call(own, 'PUT', `/tasks/${ids.task}/completion`);
    expect(done.json.completed).toBe(true);
    expect((await call(own, 'PUT', `/tasks/${ids.task}/completion`)).json.completed).toBe(false);
    expect((await call(own, 'POST', `/tasks/${ids.task}/members/${ids.otherUser}`)).status).toBe(400);
  });
});

describe('uploads through the BFF', () => {
  const png = encodePng(8, 8, () => [200, 30, 30]);
  const post = (
    cookie: string,
    path: string,
    body: FormData | string,
    headers: Record<string, string> = {},
  ) => fetch(`${bff.url}/api${path}`, { method: 'POST', headers: { cookie, ...CSRF, ...headers }, body });

  it('streams an organisation image and an event document to the upstream', async () => {
    const image = await post(
      own,
      `/organizations/${ids.org}/image`,
      multipart([{ name: 'file', filename: 'logo.png', type: 'image/png', data: png }]),
    );
    expect(image.status).toBe(200);
    expect((await image.json()).image).toMatch(/^\/organizations\/\d+\/image\?v=/);
    const docs = await post(
      own,
      `/events/${ids.event}/documents`,
      multipart([
        { name: 'a', filename: 'plan.png', type: 'image/png', data: png },
        { name: 'b', filename: 'plan2.png', type: 'image/png', data: png },
      ]),
    );
    expect(docs.status).toBe(201);
    expect((await docs.json()).data).toHaveLength(2);
  });

  it('refuses another organisation, a non-multipart body, a declared oversize and fake bytes', async () => {
    const form = () => multipart([{ name: 'file', filename: 'logo.png', type: 'image/png', data: png }]);
    expect((await post(other, `/organizations/${ids.org}/image`, form())).status).toBe(403);
    expect((await post(other, `/events/${ids.event}/documents`, form())).status).toBe(403);
    const json = await post(own, `/organizations/${ids.org}/image`, '{}', {
      'content-type': 'application/json',
    });
    expect(json.status).toBe(415);
    const fake = multipart([
      { name: 'file', filename: 'x.png', type: 'image/png', data: Buffer.from('not an image at all') },
    ]);
    expect((await post(own, `/organizations/${ids.org}/image`, fake)).status).toBe(415);
    const big = multipart([
      {
        name: 'file',
        filename: 'big.png',
        type: 'image/png',
        data: Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]),
      },
    ]);
    // a declared part type the route refuses: 415 from the BFF while streaming, nothing stored upstream
    const before = (await call(own, 'GET', `/events/${ids.event}/documents`)).json.data.length;
    const html = multipart([
      { name: 'a', filename: 'ok.png', type: 'image/png', data: png },
      { name: 'b', filename: 'page.html', type: 'text/html', data: Buffer.from('<script>x</script>') },
    ]);
    const refused = await post(own, `/events/${ids.event}/documents`, html);
    expect(refused.status).toBe(415);
    expect((await refused.json()).error.code).toBe('errors.unsupportedMediaType');
    expect((await call(own, 'GET', `/events/${ids.event}/documents`)).json.data).toHaveLength(before);
    const tooBig = await post(own, `/organizations/${ids.org}/image`, big);
    expect(tooBig.status).toBe(413);
    expect((await tooBig.json()).error.code).toBe('errors.payloadTooLarge');
  });
});

describe('the invitation flow through the BFF', () => {
  it('mails a link to the public origin, reads the code publicly, registers verified and joins', async () => {
    const types = (await call(own, 'GET', '/member-types')).json.data as { id: number; code: string }[];
    const email = `invitee-${Date.now()}@example.org`;
    const invited = await call(own, 'POST', `/organizations/${ids.org}/members/invite`, {
      email,
      memberTypeId: types.find((t) => t.code !== 'owner')?.id,
      locale: 'en',
    });
    expect(invited.status).toBe(201);
    const mails = (await (await upstream.call('/outbox/messages')).json()) as {
      to: string;
      links: string[];
    }[];
    const link = mails.find((m) => m.to === email)?.links.find((l) => l.includes('code=')) ?? '';
    expect(link.startsWith('http://localhost:3000/en/organizations/invite?code=')).toBe(true);
    const code = new URL(link).searchParams.get('code') ?? '';

    // the page sends the code in a header, never in an API address
    const withCode = (value: string) => ({ 'x-invitation-code': value });
    const lookUp = (value: string) =>
      fetch(`${bff.url}/api/invitations/current`, { headers: withCode(value) });
    const lookup = await lookUp(code);
    expect(lookup.status).toBe(200);
    const view = await lookup.json();
    expect(view.invitation.organization.id).toBe(ids.org);
    expect(view.organizations.map((o: { id: number }) => o.id)).toEqual([ids.org]);
    expect((await lookUp('x'.repeat(32))).status).toBe(404);
    const accept = (cookie: string) =>
      fetch(`${bff.url}/api/organizations/add-member`, {
        method: 'POST',
        headers: { cookie, ...CSRF, ...withCode(code) },
      });

    const password = 'Invitee-password-2026!';
    const registered = await fetch(`${bff.url}/api/auth/register`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({
        firstName: 'In',
        lastName: 'Vitee',
        email,
        password,
        confirmPassword: password,
        invitationCode: code,
      }),
    });
    expect(registered.status).toBe(201);
    expect((await registered.json()).verified).toBe(true);
    const session = await login(bff.url, { email, password });
    expect(session.response.status).toBe(200);
    // someone else signed in cannot use the link
    expect((await accept(other)).status).toBe(403);
    const joined = await accept(session.cookie);
    expect(joined.status).toBe(200);
    expect((await joined.json()).id).toBe(ids.org);
    const members = (await call(own, 'GET', `/organizations/${ids.org}/members`)).json.data as {
      email: string;
    }[];
    expect(members.map((m) => m.email)).toContain(email);
    // used: the code now reads as accepted and cannot be used again
    expect((await (await lookUp(code)).json()).invitation.status).toBe('accepted');
    expect((await accept(session.cookie)).status).toBe(400);

    // inviting them into another organisation finds their account (GET /user/getUsers/email/{email}):
    // the answer names them; an address with no account the inviter can see names no one
    const second = await call(own, 'POST', '/organizations', { name: 'Second organisation' });
    expect(second.status).toBe(201);
    const memberTypeId = types.find((type) => type.code !== 'owner')?.id;
    const known = await call(own, 'POST', `/organizations/${second.json.id}/members/invite`, {
      email,
      memberTypeId,
    });
    expect(known.status).toBe(201);
    expect(known.json.account).toEqual({ firstName: 'In', lastName: 'Vitee' });
    const unknown = await call(own, 'POST', `/organizations/${second.json.id}/members/invite`, {
      email: 'nobody-yet@example.org',
      memberTypeId,
    });
    expect(unknown.status).toBe(201);
    expect(unknown.json.account).toBeNull();
  });

  it('pages invitations 5 at a time, invalidates and resends', async () => {
    const page1 = await call(own, 'GET', `/organizations/${ids.org}/invitations?limit=5&page=1`);
    expect(page1.json).toMatchObject({ page: 1, limit: 5 });
    const pending = (page1.json.data as { id: number; status: string }[]).find((i) => i.status === 'pending');
    expect(pending).toBeDefined();
    const resent = await call(own, 'POST', `/invitations/${pending?.id}/resend`, { locale: 'ja' });
    expect(resent.status).toBe(200);
    const gone = await call(own, 'POST', `/invitations/${pending?.id}/invalidate`);
    expect(gone.json.status).toBe('invalidated');
    expect((await call(own, 'POST', `/invitations/${pending?.id}/resend`, {})).status).toBe(409);
  });
});
