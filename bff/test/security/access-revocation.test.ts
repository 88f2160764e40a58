import type { TestUpstream } from '@evt/upstream/test-helpers';
import { joinAs, MEMBER_TYPE_IDS, TEST_PASSWORD } from '@evt/upstream/test-members';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ORGANISER,
  JSON_WRITE,
  login,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
} from '../helpers';

// A member removed from the organisation kept writing through the webhook gateway for about a minute (the
// permissions cached in the session were not dropped): an event form was renamed, the logo replaced.
// Removing a member, changing a member type or changing rights ends that access on every instance at
// once. Two BFF instances on one Redis, as behind a load balancer: the change is made through one, the
// member's next call goes to the other.

let upstream: TestUpstream;
let a: RunningBff;
let b: RunningBff;
let ownerToken: string;
let orgId: number;
let eventId: number;
let ownerCookie: string;
let joined = 0;

const send = (bff: RunningBff, cookie: string, method: string, path: string, body?: unknown) =>
  fetch(`${bff.url}/api${path}`, {
    method,
    headers: { ...JSON_WRITE, cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** A new member of the organisation signed in (through instance a), with their user id. */
async function newMember(type: 'admin' | 'member') {
  const email = `revoked-${++joined}@example.com`;
  const token = await joinAs(upstream, ownerToken, orgId, type, email);
  const userId = ((await (await upstream.call('/auth/userinfo', { token })).json()) as { id: number }).id;
  const { cookie } = await login(a.url, { email, password: TEST_PASSWORD });
  return { userId, cookie };
}

/** An event form renamed through the webhook gateway (needs `event:settings` in the event). */
const renameForm = (bff: RunningBff, cookie: string, title: string) =>
  send(bff, cookie, 'POST', `/automation/eventForms?eventId=${eventId}`, { kind: 'participant', title });

/** The organisation's pending invitations (an owner's or administrator's read). */
const readInvitations = (bff: RunningBff, cookie: string) =>
  send(bff, cookie, 'GET', `/organizations/${orgId}/invitations`);

beforeAll(async () => {
  upstream = await startUpstream();
  const config = testConfig(upstream);
  a = await startBff(config);
  b = await startBff(config);
  ownerToken = await upstream.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const orgs = (await (await upstream.call('/organizations', { token: ownerToken })).json()) as {
    data: { id: number }[];
  };
  orgId = orgs.data[0]?.id as number;
  const event = await upstream.call('/events', {
    method: 'POST',
    token: ownerToken,
    json: {
      name: 'Revocation',
      organization: orgId,
      startDate: '2027-01-01T09:00:00Z',
      endDate: '2027-01-01T18:00:00Z',
    },
  });
  eventId = ((await event.json()) as { id: number }).id;
  ownerCookie = (await login(a.url)).cookie;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await upstream?.close();
});

describe('a change of access ends it on every instance at once', () => {
  it('refuses a removed member at once on the other instance', async () => {
    const member = await newMember('member');
    // the member's permissions are read, and cached, by instance b
    expect((await renameForm(b, member.cookie, 'Before')).ok).toBe(true);
    expect((await renameForm(b, member.cookie, 'Again')).ok).toBe(true);

    const removed = await send(a, ownerCookie, 'DELETE', `/organizations/${orgId}/members/${member.userId}`);
    expect(removed.status).toBe(204);

    const after = await renameForm(b, member.cookie, 'Renamed by a removed member');
    expect(after.status).toBe(403);
    expect((await renameForm(a, member.cookie, 'Renamed by a removed member')).status).toBe(403);
  });

  it('refuses an administrator made a plain member at once on the other instance', async () => {
    const admin = await newMember('admin');
    expect((await readInvitations(b, admin.cookie)).status).toBe(200);
    expect((await readInvitations(b, admin.cookie)).status).toBe(200);

    const changed = await send(a, ownerCookie, 'PUT', `/organizations/${orgId}/members/${admin.userId}`, {
      memberTypeId: MEMBER_TYPE_IDS.member,
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as { userId?: number; id?: number }).userId ?? admin.userId).toBe(
      admin.userId,
    );

    expect((await readInvitations(b, admin.cookie)).status).toBe(403);
  });

  it('refuses a member whose rights in the event were taken away at once on the other instance', async () => {
    const member = await newMember('member');
    expect((await renameForm(b, member.cookie, 'Before rights')).ok).toBe(true);

    const reduced = await send(a, ownerCookie, 'PUT', `/events/${eventId}/rights/members/${member.userId}`, {
      permissions: ['event:read'],
    });
    expect(reduced.status).toBe(204);

    expect((await renameForm(b, member.cookie, 'After rights')).status).toBe(403);
  });

  it('keeps the route rules of a member change: the last owner stays, a plain member is refused', async () => {
    const plain = await newMember('member');
    const me = (await (await upstream.call('/auth/userinfo', { token: ownerToken })).json()) as {
      id: number;
    };
    const demote = await send(a, ownerCookie, 'PUT', `/organizations/${orgId}/members/${me.id}`, {
      memberTypeId: MEMBER_TYPE_IDS.member,
    });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { error: { code: string } }).error.code).toBe(
      'errors.lifecycle.lastOwner',
    );
    const other = await newMember('member');
    expect(
      (await send(b, plain.cookie, 'DELETE', `/organizations/${orgId}/members/${other.userId}`)).status,
    ).toBe(403);
  });
});
