import { B2B_KEY_HEADER, ownProfile, programmeView, spaceMe } from '@evt/contracts/b2b';
import { ownProgrammes } from '@evt/contracts/b2b-profile';
import { registerCompany } from '@evt/upstream/b2b/test-company';
import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoB2bCompany,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from './helpers';

/** the profile edits and the /profile/b2b through the BFF. */
const SLUG = 'forum-b2b-lyon';
let upstream: TestUpstream;
let bff: RunningBff;
let own: string;
let other: string;
let eventId: number;
let demoKey: string;

const profile = (method: 'GET' | 'PUT', body?: unknown, key = demoKey) =>
  fetch(`${bff.url}/api/public/b2b/${SLUG}/profile`, {
    method,
    headers: { [B2B_KEY_HEADER]: key, ...(method === 'PUT' ? JSON_WRITE : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const freeze = (frozen: boolean) =>
  fetch(`${bff.url}/api/events/${eventId}/b2b/freeze`, {
    method: 'POST',
    headers: { cookie: own, ...JSON_WRITE },
    body: JSON.stringify({ frozen }),
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

describe('B2B space: the company edits its own profile', () => {
  it('reads and saves it on the personal link; bad input gets field keys; frozen gets words', async () => {
    const read = await profile('GET');
    expect(read.status).toBe(200);
    const current = ownProfile.parse(await read.json());
    expect(current.companyName).toBe('Atlas Industries');
    const description = 'Atlas makes industrial pumps and valves, and now services them across Africa.';
    const saved = await profile('PUT', { ...current.values, companyDescription: description });
    expect(saved.status).toBe(200);
    expect(ownProfile.parse(await saved.json()).values.companyDescription).toBe(description);

    const bad = await profile('PUT', { ...current.values, companyDescription: 'short' });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } };
    expect(Object.keys(badBody.error.details.fieldErrors)).toEqual(['companyDescription']);
    // no key, no profile; and a write needs the CSRF header like every other
    expect((await fetch(`${bff.url}/api/public/b2b/${SLUG}/profile`)).status).toBe(400);
    const noCsrf = await fetch(`${bff.url}/api/public/b2b/${SLUG}/profile`, {
      method: 'PUT',
      headers: { [B2B_KEY_HEADER]: demoKey, 'content-type': 'application/json' },
      body: JSON.stringify(current.values),
    });
    expect(noCsrf.status).toBe(403);

    expect((await freeze(true)).status).toBe(200);
    try {
      const frozen = await profile('PUT', { ...current.values, skills: 'Pumps' });
      expect(frozen.status).toBe(409);
      const body = (await frozen.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('b2b.errors.profileFrozen');
      expect(body.error.message).toMatch(/frozen/);
    } finally {
      await freeze(false);
    }
  });

  it('shows the company its own cap in its space once the organiser sets one', async () => {
    const res = await fetch(`${bff.url}/api/events/${eventId}/b2b`, { headers: { cookie: own } });
    const view = programmeView.parse(await res.json());
    const code = Number(demoKey.split('-')[0]);
    const put = await fetch(`${bff.url}/api/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      headers: { cookie: own, ...JSON_WRITE },
      body: JSON.stringify({ ...view.settings, companyCaps: [{ companyId: code, requestCap: 3 }] }),
    });
    expect(put.status).toBe(200);
    const me = await fetch(`${bff.url}/api/public/b2b/${SLUG}/me`, {
      headers: { [B2B_KEY_HEADER]: demoKey },
    });
    expect(spaceMe.parse(await me.json()).programme.requestCap).toBe(3);
  });
});

describe('/profile/b2b through the BFF', () => {
  let code: number;
  beforeAll(async () => {
    code = (await registerCompany(upstream, SLUG, DEMO_ORGANISER_2.email, 'Second Organiser SARL')).code;
  });

  it("lists the signed-in user's companies only, and needs a session", async () => {
    expect((await fetch(`${bff.url}/api/profile/b2b`)).status).toBe(401);
    const mine = ownProgrammes.parse(
      await (await fetch(`${bff.url}/api/profile/b2b`, { headers: { cookie: other } })).json(),
    );
    expect(mine.data.map((p) => p.company.companyName)).toEqual(['Second Organiser SARL']);
    const theirs = ownProgrammes.parse(
      await (await fetch(`${bff.url}/api/profile/b2b`, { headers: { cookie: own } })).json(),
    );
    expect(theirs).toEqual({ emailVerified: true, data: [] });
  });

  it('opens the space with a redirect carrying a key of its own, for its owner only', async () => {
    const open = (cookie: string | undefined, locale = 'en') =>
      fetch(`${bff.url}/api/profile/b2b/${code}/space?locale=${locale}`, {
        headers: cookie ? { cookie } : {},
        redirect: 'manual',
      });
    const res = await open(other);
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    // the key in the fragment only: no server or log on the way sees it
    const m = new RegExp(`^/en/events-${SLUG}/b2b-${code}#key=([0-9a-f]{48})$`).exec(location);
    expect(m).not.toBeNull();
    const me = await fetch(`${bff.url}/api/public/b2b/${SLUG}/me`, {
      headers: { [B2B_KEY_HEADER]: `${code}-${m?.[1]}` },
    });
    expect(spaceMe.parse(await me.json()).company.companyName).toBe('Second Organiser SARL');
    expect((await open(own)).status).toBe(404);
    expect((await open(undefined)).status).toBe(401);
    expect((await open(other, 'xx')).status).toBe(400);
    // French has no prefix
    expect((await open(other, 'fr')).headers.get('location')).toMatch(
      new RegExp(`^/events-${SLUG}/b2b-${code}#key=`),
    );
  });
});
