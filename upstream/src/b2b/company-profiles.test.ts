import { companyProfile, directory, ownProfile, programmeView, spaceMe } from '@evt/contracts/b2b';
import { ownProgrammes } from '@evt/contracts/b2b-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { DEMO_B2B_KEY } from '../seed/demo-b2b';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { b2bData, registerCompany, SERVICE, spaceCall, type SpaceWho } from './test-company';

/** the profile edits and per-company caps, and the /profile/b2b, at the reference upstream. */
const SLUG = 'forum-b2b-lyon';
let up: TestUpstream;
let token: string;
let eventId: number;
let mine: SpaceWho;
let demo: SpaceWho;

const space = (op: string, who: SpaceWho, extra: object = {}) => spaceCall(up, op, who, extra, SLUG);
const errorCodeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;
const freeze = (frozen: boolean) =>
  up.call(`/events/${eventId}/b2b/freeze`, { method: 'POST', token, json: { frozen } });
const view = async () =>
  programmeView.parse(await (await up.call(`/events/${eventId}/b2b`, { token })).json());
const editOf = (values: Record<string, unknown>) => {
  const { companyName, profileType, fullName, position, email, dialCode, phone, address, logo, ...rest } =
    b2bData('x@example.org');
  return { ...rest, ...values };
};

beforeAll(async () => {
  up = await startTestUpstream();
  token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  eventId = ((await (await up.call(`/public/events/${SLUG}`, { headers: SERVICE })).json()) as { id: number })
    .id;
  mine = await registerCompany(up, SLUG, 'edit-b2b@example.sn', 'Profile Edit Test');
  const found = directory.parse(
    await (await space('directory', mine, { query: { q: 'Atlas Industries' } })).json(),
  );
  demo = { code: found.data[0]?.id as number, key: DEMO_B2B_KEY };
});
afterAll(() => up?.close());

describe('B2B: a company edits its match profile until the freeze', () => {
  it('reads its profile, saves a change the directory and the others see, refuses bad input', async () => {
    const before = ownProfile.parse(await (await space('profile', mine)).json());
    expect(before).toMatchObject({ companyName: 'Profile Edit Test', frozen: false });
    expect(before.values.businessSectors).toEqual(['agriculture_agroindustry']);

    const description = 'We now roast and export coffee from Senegal to the whole of Europe.';
    const saved = await space('profile-save', mine, {
      profile: editOf({ companyDescription: description, businessSectors: ['energy_environment'] }),
    });
    expect(saved.status).toBe(200);
    expect(ownProfile.parse(await saved.json()).values.companyDescription).toBe(description);

    // another company sees it: in the directory (the sector filter) and on the match profile
    const bySector = directory.parse(
      await (
        await space('directory', demo, { query: { q: 'Profile Edit Test', sector: 'energy_environment' } })
      ).json(),
    );
    expect(bySector.data.map((c) => c.id)).toContain(mine.code);
    const profile = companyProfile.parse(
      await (await space('company', demo, { companyId: mine.code })).json(),
    );
    expect(profile.companyDescription).toBe(description);
    expect(profile.sectors).toEqual(['energy_environment']);

    // parsed by the registration form's schemas and rules: too short, "other" without its text
    const bad = await space('profile-save', mine, {
      profile: editOf({ companyDescription: 'short', offerType: 'other_specify', otherOfferType: '' }),
    });
    expect(bad.status).toBe(400);
    expect(ownProfile.parse(await (await space('profile', mine)).json()).values.companyDescription).toBe(
      description,
    );
    // who the company is stays as registered: a name in the edit is not taken
    await space('profile-save', mine, { profile: { ...editOf({}), companyName: 'Renamed' } });
    expect(spaceMe.parse(await (await space('me', mine)).json()).company.companyName).toBe(
      'Profile Edit Test',
    );
  });

  it('refuses an edit once the programme is frozen, and takes it again once unfrozen', async () => {
    expect((await freeze(true)).status).toBe(200);
    try {
      const res = await space('profile-save', mine, { profile: editOf({ skills: 'Roasting' }) });
      expect(res.status).toBe(409);
      expect(await errorCodeOf(res)).toBe('b2b_profile_frozen');
      const read = ownProfile.parse(await (await space('profile', mine)).json());
      expect(read.frozen).toBe(true);
      expect(read.values.skills).not.toBe('Roasting');
    } finally {
      await freeze(false);
    }
    expect((await space('profile-save', mine, { profile: editOf({ skills: 'Roasting' }) })).status).toBe(200);
  });
});

describe('B2B: the directory lists the companies that agreed (opt-in)', () => {
  it('keeps a company out of the directory and the suggestions until it agrees, and again when it withdraws', async () => {
    const shy = await registerCompany(up, SLUG, 'shy-b2b@example.sn', 'Shy Unlisted Test', 'en', {
      listedInDirectory: false,
    });
    const found = async () =>
      directory
        .parse(await (await space('directory', demo, { query: { q: 'Shy Unlisted Test' } })).json())
        .data.map((c) => c.id);
    const suggested = async () =>
      ((await (await space('suggestions', demo)).json()) as { data: { id: number }[] }).data.map((c) => c.id);
    expect(ownProfile.parse(await (await space('profile', shy)).json()).values.listedInDirectory).toBe(false);
    expect(await found()).toEqual([]);
    expect(await suggested()).not.toContain(shy.code);
    // nobody opens its profile or asks it first
    expect((await space('company', demo, { companyId: shy.code })).status).toBe(404);
    const ask = await space('send', demo, { request: { toId: shy.code, message: 'Hello', online: false } });
    expect(ask.status).toBe(404);
    // it still finds the others itself
    expect(directory.parse(await (await space('directory', shy)).json()).total).toBeGreaterThan(0);

    // it joins from its space, then withdraws
    const join = await space('profile-save', shy, { profile: editOf({ listedInDirectory: true }) });
    expect(join.status).toBe(200);
    expect(await found()).toEqual([shy.code]);
    expect((await space('company', demo, { companyId: shy.code })).status).toBe(200);
    const leave = await space('profile-save', shy, { profile: editOf({ listedInDirectory: false }) });
    expect(ownProfile.parse(await leave.json()).values.listedInDirectory).toBe(false);
    expect(await found()).toEqual([]);
  });
});

describe('B2B: a request cap per company', () => {
  it("enforces a company's own cap, shows it in its space, and leaves the others the programme's", async () => {
    const start = await view();
    expect(start.settings.companyCaps).toEqual([]);
    expect(start.companies.find((c) => c.id === mine.code)).toMatchObject({
      companyName: 'Profile Edit Test',
    });
    const put = (companyCaps: { companyId: number; requestCap: number }[]) =>
      up.call(`/events/${eventId}/b2b/settings`, {
        method: 'PUT',
        token,
        json: { ...start.settings, requestCap: 10, companyCaps },
      });
    try {
      expect((await put([{ companyId: mine.code, requestCap: 0 }])).status).toBe(200);
      const others = directory.parse(await (await space('directory', mine)).json()).data;
      const send = (i: number) => space('send', mine, { request: { toId: others[i]?.id } });
      // 0: the company may only answer
      expect(await errorCodeOf(await send(1))).toBe('b2b_cap');

      expect((await put([{ companyId: mine.code, requestCap: 1 }])).status).toBe(200);
      const me = spaceMe.parse(await (await space('me', mine)).json());
      expect(me.programme.requestCap).toBe(1);
      expect(me.requestsUsed).toBe(0);
      expect((await send(1)).status).toBe(201);
      const refused = await send(2);
      expect(refused.status).toBe(409);
      expect(await errorCodeOf(refused)).toBe('b2b_cap');
      // the programme page counts what each company has open
      expect((await view()).companies.find((c) => c.id === mine.code)?.requestsUsed).toBe(1);
      // another company keeps the programme's cap
      expect(spaceMe.parse(await (await space('me', demo)).json()).programme.requestCap).toBe(10);

      // without its own cap, the company has the programme's again
      expect((await put([])).status).toBe(200);
      expect(spaceMe.parse(await (await space('me', mine)).json()).programme.requestCap).toBe(10);
      expect((await send(2)).status).toBe(201);
    } finally {
      await up.call(`/events/${eventId}/b2b/settings`, { method: 'PUT', token, json: start.settings });
    }
  });

  it('reads settings saved before the caps existed as none, and refuses a cap out of range', async () => {
    const { companyCaps: _, ...older } = (await view()).settings;
    const res = await up.call(`/events/${eventId}/b2b/settings`, { method: 'PUT', token, json: older });
    expect(res.status).toBe(200);
    expect(programmeView.parse(await res.json()).settings.companyCaps).toEqual([]);
    const bad = await up.call(`/events/${eventId}/b2b/settings`, {
      method: 'PUT',
      token,
      json: { ...older, companyCaps: [{ companyId: mine.code, requestCap: 500 }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe("/profile/b2b: the signed-in user's own companies", () => {
  let own: SpaceWho;
  let token2: string;
  beforeAll(async () => {
    own = await registerCompany(up, SLUG, DEMO_ORGANISER_2.email, 'Organiser Two Trading');
    token2 = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  });

  it('lists the companies of the verified address only, with no key in the answer', async () => {
    const res = await up.call('/profile/b2b', { token: token2 });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(own.key);
    const list = ownProgrammes.parse(JSON.parse(text));
    expect(list.emailVerified).toBe(true);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      registrationId: own.code,
      eventId,
      eventSlug: SLUG,
      expired: false,
      company: { companyName: 'Organiser Two Trading', profileType: 'investor' },
      requestsUsed: 0,
    });
    // another account does not see it
    const other = ownProgrammes.parse(await (await up.call('/profile/b2b', { token })).json());
    expect(other.data.map((p) => p.registrationId)).not.toContain(own.code);
    expect((await up.call('/profile/b2b')).status).toBe(401);
  });

  it("makes a key of the console's own that opens the space; the mailed link keeps working", async () => {
    expect((await up.call(`/profile/b2b/${own.code}/key`, { method: 'POST', token })).status).toBe(404);
    const res = await up.call(`/profile/b2b/${own.code}/key`, { method: 'POST', token: token2 });
    expect(res.status).toBe(201);
    const made = (await res.json()) as { slug: string; code: number; key: string };
    expect(made).toMatchObject({ slug: SLUG, code: own.code });
    expect(made.key).not.toBe(own.key);
    const me = await space('me', { code: own.code, key: made.key });
    expect(me.status).toBe(200);
    expect(spaceMe.parse(await me.json()).company.companyName).toBe('Organiser Two Trading');
    expect((await space('me', own)).status).toBe(200);
    // it opens this company only
    expect((await space('me', { code: mine.code, key: made.key })).status).toBe(404);
  });

  it('matches nothing while the address is not verified', async () => {
    await up.db.query('UPDATE users SET email_verified = false WHERE email = $1', [DEMO_ORGANISER_2.email]);
    try {
      const list = ownProgrammes.parse(await (await up.call('/profile/b2b', { token: token2 })).json());
      expect(list).toEqual({ emailVerified: false, data: [] });
      expect((await up.call(`/profile/b2b/${own.code}/key`, { method: 'POST', token: token2 })).status).toBe(
        404,
      );
    } finally {
      await up.db.query('UPDATE users SET email_verified = true WHERE email = $1', [DEMO_ORGANISER_2.email]);
    }
  });
});
