import { DEMO_ORGANISER_2 } from '@evt/upstream/seed/demo';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, MEMBER_TYPE_IDS, TEST_PASSWORD } from '@evt/upstream/test-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  DEMO_ORGANISER,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

// The spec's user look-up (`GET /user/profil/getUsers?userIds=`) answers anyone the caller shares some
// organisation with. Through the BFF, an organisation's page names its own members and no one else: a
// person who sits in two organisations cannot read, through one, the members of the other.

let upstream: TestUpstream;
let bff: RunningBff;
const cookies = { own: '', other: '', bridge: '' };
const users = { own: 0, other: 0, bridge: 0 };
const orgs = { own: 0, other: 0 };

async function call(cookie: string, method: string, path: string) {
  const response = await fetch(`${bff.url}/api${path}`, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : CSRF) },
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

const names = (cookie: string, orgId: number, ids: number[]) =>
  call(cookie, 'GET', `/organizations/${orgId}/member-names?userIds=${ids.join(',')}`);

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  cookies.own = (await login(bff.url)).cookie;
  cookies.other = (await login(bff.url, DEMO_ORGANISER_2)).cookie;
  orgs.own = (await call(cookies.own, 'GET', '/organizations')).json.data[0].id;
  orgs.other = (await call(cookies.other, 'GET', '/organizations')).json.data[0].id;

  // someone who belongs to both organisations: a member of the other's, then invited into the own one
  const otherToken = await upstream.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  const bridgeEmail = 'bridge@example.org';
  const bridgeToken = await joinAs(upstream, otherToken, orgs.other, 'member', bridgeEmail);
  const ownerToken = await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const before = await upstream.outbox();
  const invited = await upstream.call(`/organizations/${orgs.own}/members/invite`, {
    method: 'POST',
    token: ownerToken,
    json: {
      email: bridgeEmail,
      memberTypeId: MEMBER_TYPE_IDS.member,
      url: 'http://localhost:3000/organizations/invite',
    },
  });
  expect(invited.status).toBe(201);
  // the second invitation's link: the mail to the address that was not there before
  const mail = (await upstream.outbox()).find(
    (message) => message.to === bridgeEmail && !before.some((old) => old.links[0] === message.links[0]),
  );
  const code = new URL(mail?.links[0] ?? 'http://x').searchParams.get('code') ?? '';
  const joined = await upstream.call(`/organizations/add-member?code=${encodeURIComponent(code)}`, {
    method: 'POST',
    token: bridgeToken,
  });
  expect(joined.status).toBe(200);
  cookies.bridge = (await login(bff.url, { email: bridgeEmail, password: TEST_PASSWORD })).cookie;

  for (const who of ['own', 'other', 'bridge'] as const)
    users[who] = (await call(cookies[who], 'GET', '/auth/me')).json.user.id;
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe("members' names through the BFF", () => {
  it("names the organisation's members asked for, in one answer", async () => {
    const answer = await names(cookies.own, orgs.own, [users.own, users.bridge]);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual([
      expect.objectContaining({ userId: users.own }),
      { userId: users.bridge, firstName: 'member', lastName: 'Tester' },
    ]);
    // names only: no address, no language
    expect(Object.keys(answer.json.data[0]).sort()).toEqual(['firstName', 'lastName', 'userId']);
  });

  it('never names, through one organisation, a member of another the caller also belongs to', async () => {
    // the upstream's look-up would answer the other owner to the bridge (they share an organisation)
    const upstreamSees = await upstream.call(`/user/profil/getUsers?userIds=${users.other}`, {
      token: await upstream.login('bridge@example.org', TEST_PASSWORD),
    });
    expect(((await upstreamSees.json()) as { data: unknown[] }).data).toHaveLength(1);
    // through the own organisation's page, no one outside it is named
    const answer = await names(cookies.bridge, orgs.own, [users.other, users.own]);
    expect(answer.status).toBe(200);
    expect(answer.json.data.map((name: { userId: number }) => name.userId)).toEqual([users.own]);
  });

  it('refuses an organisation the caller is not a member of', async () => {
    const answer = await names(cookies.other, orgs.own, [users.own]);
    expect(answer.status).toBe(403);
    expect(answer.json.error.code).toBeTypeOf('string');
    expect(answer.json.data).toBeUndefined();
  });

  it('refuses malformed or oversized id lists before any look-up', async () => {
    expect(
      (await call(cookies.own, 'GET', `/organizations/${orgs.own}/member-names?userIds=1;2`)).status,
    ).toBe(400);
    const many = Array.from({ length: 201 }, (_, index) => index + 1);
    expect((await names(cookies.own, orgs.own, many)).status).toBe(400);
  });

  it('stops naming to a member once removed, whatever it read just before', async () => {
    expect((await names(cookies.bridge, orgs.own, [users.own])).status).toBe(200);
    const removed = await call(cookies.own, 'DELETE', `/organizations/${orgs.own}/members/${users.bridge}`);
    expect(removed.status).toBe(204);
    expect((await names(cookies.bridge, orgs.own, [users.own])).status).toBe(403);
  });
});
