import {
  B2B_KEY_HEADER,
  companyLogo,
  directory,
  programmeView,
  requestView,
  spaceMe,
} from '@evt/contracts/b2b';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
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

/** The B2B programme through the BFF: the company's space on its personal link, the organiser's page. */
const SLUG = 'forum-b2b-lyon';
let upstream: TestUpstream;
let bff: RunningBff;
let own: string;
let other: string;
let eventId: number;
let demoKey: string;

const spaceGet = (path: string, key = demoKey, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}/api/public/b2b/${SLUG}${path}`, { headers: { [B2B_KEY_HEADER]: key, ...headers } });
const spacePost = (
  path: string,
  body: unknown,
  key = demoKey,
  headers: Record<string, string> = JSON_WRITE,
) =>
  fetch(`${bff.url}/api/public/b2b/${SLUG}${path}`, {
    method: 'POST',
    headers: { [B2B_KEY_HEADER]: key, ...headers },
    body: JSON.stringify(body),
  });
const console_ = (cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${bff.url}/api${path}`, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : CSRF), ...(body ? JSON_WRITE : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  own = (await login(bff.url)).cookie;
  other = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  ({ eventId, demoKey } = await demoB2bCompany(bff.url, upstream, SLUG));
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('B2B space through the BFF', () => {
  it('opens on the personal link in its header; a bad or missing one is refused in words', async () => {
    const me = await spaceGet('/me');
    expect(me.status).toBe(200);
    expect(spaceMe.parse(await me.json()).company.companyName).toBe('Atlas Industries');
    const missing = await fetch(`${bff.url}/api/public/b2b/${SLUG}/me`);
    expect(missing.status).toBe(400);
    const wrong = await spaceGet('/me', `${demoKey.split('-')[0]}-${'0'.repeat(48)}`);
    expect(wrong.status).toBe(404);
    const body = (await wrong.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('b2b.errors.linkUnknown');
    expect(body.error.message).toMatch(/not valid for this event/);
    // the same link on another event is foreign
    const foreign = await fetch(`${bff.url}/api/public/b2b/sii-2027/me`, {
      headers: { [B2B_KEY_HEADER]: demoKey },
    });
    expect(foreign.status).toBe(404);
  });

  it('filters the directory with the contract query, and refuses an unknown filter value', async () => {
    const investors = await spaceGet('/companies?profileType=investor');
    expect(directory.parse(await investors.json()).data.every((c) => c.profileType === 'investor')).toBe(
      true,
    );
    expect((await spaceGet('/companies?profileType=pirate')).status).toBe(400);
  });

  it('serves a company’s logo on the personal link, none for a company without one', async () => {
    const all = directory.parse(await (await spaceGet('/companies')).json()).data;
    const company = all[0];
    if (!company) throw new Error('no company');
    const answer = await spaceGet(`/companies/${company.id}/logo`);
    expect(answer.status).toBe(200);
    // the demo companies uploaded none
    expect(companyLogo.parse(await answer.json())).toEqual({ logo: null });
    expect(
      (await spaceGet(`/companies/${company.id}/logo`, `${demoKey.split('-')[0]}-${'0'.repeat(48)}`)).status,
    ).toBe(404);
    expect((await fetch(`${bff.url}/api/public/b2b/${SLUG}/companies/${company.id}/logo`)).status).toBe(400);
  });

  it('refuses a request to oneself in words, and a cross-site post', async () => {
    const self = Number(demoKey.split('-')[0]);
    const res = await spacePost('/requests', { toId: self, message: '' });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('b2b.errors.self');
    expect(body.error.message).toBe('You cannot ask your own company for a meeting.');
    const french = await spacePost('/requests', { toId: self }, demoKey, {
      ...JSON_WRITE,
      cookie: 'locale=fr',
    });
    expect(((await french.json()) as { error: { message: string } }).error.message).toMatch(
      /propre entreprise/,
    );
    const csrf = await spacePost('/requests', { toId: self }, demoKey, {
      'content-type': 'application/json',
    });
    expect(csrf.status).toBe(403);
  });

  it('sends, lists and withdraws a request; serves the agenda as a calendar feed', async () => {
    const list = directory.parse(await (await spaceGet('/companies')).json()).data;
    const target = list.find((c) => c.profileType === 'buyer');
    const sent = await spacePost('/requests', {
      toId: target?.id,
      message: 'Rencontrons-nous',
      online: false,
    });
    expect(sent.status).toBe(201);
    const request = requestView.parse(await sent.json());
    const withdrawn = await spacePost(`/requests/${request.id}/withdraw`, {});
    expect(requestView.parse(await withdrawn.json()).status).toBe('withdrawn');
    const [code] = demoKey.split('-');
    // the feed's address carries its own read-only key, which the space gives
    const { feedKey } = (await (await spaceGet('/feed-key')).json()) as { feedKey: string };
    const feed = await fetch(`${bff.url}/api/public/b2b/${SLUG}/calendar/${code}/${feedKey}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });
});

describe('B2B programme page through the BFF', () => {
  it('is proxied for members of the event organisation, refused to another organisation', async () => {
    expect((await console_(own, 'GET', `/events/${eventId}/b2b`)).status).toBe(200);
    expect([403, 404]).toContain((await console_(other, 'GET', `/events/${eventId}/b2b`)).status);
    expect([403, 404]).toContain(
      (await console_(other, 'POST', `/events/${eventId}/b2b/freeze`, { frozen: true })).status,
    );
    expect((await fetch(`${bff.url}/api/events/${eventId}/b2b`)).status).toBe(401);
    // the settings are parsed by the BFF before they leave
    const bad = await console_(own, 'PUT', `/events/${eventId}/b2b/settings`, { days: [] });
    expect(bad.status).toBe(400);
  });

  it('stores the matching weights through the config_matching gateway, membership checked', async () => {
    const config = {
      weights: {
        offerNeed: 5,
        profilePair: 3,
        sectors: 2,
        targetMarket: 2,
        format: 1,
        availability: 1,
        size: 1,
      },
      minScore: 30,
    };
    const ok = await console_(own, 'POST', `/automation/configMatching?f=${eventId}`, { form_id: 1, config });
    expect(ok.status).toBe(200);
    const refused = await console_(other, 'POST', `/automation/configMatching?f=${eventId}`, {
      form_id: 1,
      config,
    });
    expect([403, 404]).toContain(refused.status);
    const invalid = await console_(own, 'POST', `/automation/configMatching?f=${eventId}`, {
      form_id: 1,
      config: { weights: {}, minScore: 300 },
    });
    expect(invalid.status).toBe(400);
    const view = programmeView.parse(await (await console_(own, 'GET', `/events/${eventId}/b2b`)).json());
    expect(view.match.minScore).toBe(30);
  });
});
