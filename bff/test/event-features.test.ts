import { B2B_KEY_HEADER } from '@evt/contracts/b2b';
import type { EventFeature } from '@evt/contracts/features';
import { REQUEST_TOKEN_HEADER } from '@evt/contracts/info-requests';
import { b2bData } from '@evt/upstream/b2b/test-company';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  demoB2bCompany,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/**
 * The switches of /admin/features (contracts/src/feature-access.ts): a switched-off feature's console routes
 * are refused with errors.featureOff, its visitors' parts are closed in their words, and switching it back
 * on opens them again, through every instance's cache of the permissions.
 */
let upstream: TestUpstream;
let bff: RunningBff;
let cookie: string;
let eventId: number;
let b2bEventId: number;
let b2bKey: string;
const B2B_SLUG = 'forum-b2b-lyon';

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${bff.url}/api${path}`, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : CSRF), ...(body === undefined ? {} : JSON_WRITE) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function setFeature(event: number, feature: EventFeature, enabled: boolean) {
  const saved = await call('PUT', `/events/${event}/features`, { features: { [feature]: enabled } });
  expect(saved.status).toBe(200);
  expect(saved.json.features[feature]).toBe(enabled);
}

/** The route answers, then is refused with the feature named once it is off, then answers again. */
async function expectSwitched(event: number, feature: EventFeature, method: string, path: string) {
  const before = await call(method, path);
  expect(before.status, `${method} ${path} while on`).toBeLessThan(400);
  await setFeature(event, feature, false);
  const off = await call(method, path);
  expect(off.status).toBe(403);
  expect(off.json.error).toMatchObject({ code: 'errors.featureOff', details: { feature } });
  await setFeature(event, feature, true);
  expect((await call(method, path)).status).toBeLessThan(400);
}

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  cookie = (await login(bff.url)).cookie;
  const org = (await call('GET', '/organizations')).json.data[0].id;
  const events = (await call('GET', `/organizations/${org}/events`)).json.data as {
    id: number;
    slug: string;
  }[];
  eventId = events.find((e) => e.slug === 'sii-2027')?.id as number;
  ({ eventId: b2bEventId, demoKey: b2bKey } = await demoB2bCompany(bff.url, upstream, B2B_SLUG));
}, 90_000);
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('event features switched off', () => {
  it('commissions: the event teams and tasks are refused', async () => {
    await expectSwitched(eventId, 'commission', 'GET', `/events/${eventId}/teams`);
    await setFeature(eventId, 'commission', false);
    expect((await call('GET', `/events/${eventId}/tasks`)).json.error.code).toBe('errors.featureOff');
    await setFeature(eventId, 'commission', true);
  });

  it('badge model: models, test PDF and generation are refused', async () => {
    await expectSwitched(eventId, 'badgeModel', 'GET', `/events/${eventId}/badge-models`);
  });

  it('badge sending: its status and sending are refused', async () => {
    await expectSwitched(eventId, 'badgeSending', 'GET', `/events/${eventId}/badge-sends`);
  });

  it('authorisations: the rights page is refused, the caller’s own permissions stay readable', async () => {
    await expectSwitched(eventId, 'authorisations', 'GET', `/events/${eventId}/rights`);
    await setFeature(eventId, 'authorisations', false);
    const mine = await call('GET', `/events/${eventId}/permissions`);
    expect(mine.status).toBe(200);
    expect(mine.json.features.authorisations).toBe(false);
    await setFeature(eventId, 'authorisations', true);
  });

  it('information requests: the console list is refused and the visitor’s link is closed in words', async () => {
    const registrationId = (await call('GET', `/events/${eventId}/registrations?limit=5`)).json.data[0].id;
    const created = await call('POST', `/events/${eventId}/requests`, {
      registrationId,
      message: 'Votre attestation, svp.',
      items: [{ kind: 'text', label: 'TVA' }],
    });
    expect(created.status).toBe(201);
    const link =
      (await upstream.outbox()).flatMap((m) => m.links).find((l) => l.includes('/requests#key=')) ?? '';
    const token = link.slice(link.indexOf('#key=') + '#key='.length);
    const view = () =>
      fetch(`${bff.url}/api/public/requests`, { headers: { [REQUEST_TOKEN_HEADER]: token } });
    expect((await view()).status).toBe(200);
    await expectSwitched(eventId, 'informationRequests', 'GET', `/events/${eventId}/requests`);
    await setFeature(eventId, 'informationRequests', false);
    const closed = await view();
    expect(closed.status).toBe(410);
    expect((await closed.json()).error.code).toBe('errors.partClosed');
    await setFeature(eventId, 'informationRequests', true);
    expect((await view()).status).toBe(200);
  });

  it('forms: the forms page’s writes, the kiosk, the visitors’ forms and the B2B space are closed', async () => {
    const addForm = () =>
      fetch(`${bff.url}/api/automation/eventForms?eventId=${b2bEventId}`, {
        method: 'POST',
        headers: { cookie, ...JSON_WRITE },
        body: JSON.stringify({ kind: 'sponsor', title: 'Sponsors', open: false }),
      });
    const space = () =>
      fetch(`${bff.url}/api/public/b2b/${B2B_SLUG}/me`, { headers: { [B2B_KEY_HEADER]: b2bKey } });
    const forms = async () =>
      (
        (await (await fetch(`${bff.url}/api/public/events/${B2B_SLUG}/forms`)).json()) as {
          forms: { open: boolean }[];
        }
      ).forms;
    expect((await space()).status).toBe(200);
    expect((await forms()).some((f) => f.open)).toBe(true);

    await setFeature(b2bEventId, 'formModel', false);
    const refused = await addForm();
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('errors.featureOff');
    const kiosk = await call('POST', `/events/${b2bEventId}/kiosk`, {});
    expect(kiosk.json.error.code).toBe('errors.featureOff');
    const closedSpace = await space();
    expect(closedSpace.status).toBe(410);
    expect((await closedSpace.json()).error.code).toBe('errors.partClosed');
    // the forms' cache of the public page lives a few seconds: the submission itself is refused at once
    const register = await fetch(`${bff.url}/api/public/events/${B2B_SLUG}/registrations/b2b`, {
      method: 'POST',
      headers: JSON_WRITE,
      body: JSON.stringify({ locale: 'en', data: b2bData('late@example.org') }),
    });
    expect(register.status).toBe(410);
    expect((await register.json()).error.code).toBe('errors.formClosed');
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await forms()).every((f) => !f.open)).toBe(true);

    await setFeature(b2bEventId, 'formModel', true);
    expect((await space()).status).toBe(200);
    expect((await addForm()).status).toBeLessThan(400);
  }, 30_000);
});

describe('removing a form through the webhook gateway', () => {
  const forms = async () =>
    (await call('GET', `/automation/eventForms?eventId=${eventId}`)).json.data as {
      id: number;
      kind: string;
      registrations: number;
    }[];

  it('removes one no one registered through, and refuses one with registrations in words', async () => {
    // a kind the demo event has no form for, nor any registration of
    const taken = new Set((await forms()).map((f) => f.kind));
    const kind = ['sponsor', 'panelist', 'agence_voyage', 'receptionist'].find((k) => !taken.has(k));
    const added = await call('POST', `/automation/eventForms?eventId=${eventId}`, {
      kind,
      title: 'Added later',
      open: true,
    });
    expect(added.status).toBe(201);
    expect(added.json.registrations).toBe(0);
    const removed = await call('DELETE', `/automation/eventForms?eventId=${eventId}&id=${added.json.id}`);
    expect(removed.status).toBe(204);
    expect((await forms()).some((f) => f.id === added.json.id)).toBe(false);

    const used = (await forms()).find((f) => f.registrations > 0);
    expect(used).toBeDefined();
    const refused = await call('DELETE', `/automation/eventForms?eventId=${eventId}&id=${used?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe('errors.formInUse');
    expect((await forms()).some((f) => f.id === used?.id)).toBe(true);
  });
});
