import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';
import { demoOrganisation, joinAs, MEMBER_TYPE_IDS } from '../test-members';

// Events move through their life, and are deleted by managers only; members change type or
// leave, but the organisation never loses its last owner.
let up: TestUpstream;
let owner: string;
let admin: string;
let member: string;
let orgId: number;
let ownerId: number;
let memberId: number;

const me = async (token: string) =>
  ((await (await up.call('/auth/userinfo', { token })).json()) as { id: number }).id;

async function newEvent(name: string): Promise<number> {
  const created = await up.call('/events', {
    method: 'POST',
    token: owner,
    json: {
      name,
      organization: orgId,
      startDate: '2027-05-01T09:00:00Z',
      endDate: '2027-05-02T18:00:00Z',
    },
  });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: number }).id;
}
const setStatus = (token: string, id: number, status: string) =>
  up.call(`/events/${id}/status`, { method: 'PUT', token, json: { status } });
const changeType = (token: string, userId: number, type: keyof typeof MEMBER_TYPE_IDS) =>
  up.call(`/organizations/${orgId}/members/${userId}`, {
    method: 'PUT',
    token,
    json: { memberTypeId: MEMBER_TYPE_IDS[type] },
  });
const remove = (token: string, userId: number) =>
  up.call(`/organizations/${orgId}/members/${userId}`, { method: 'DELETE', token });

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  admin = await joinAs(up, owner, orgId, 'admin', 'life-admin@example.com');
  member = await joinAs(up, owner, orgId, 'member', 'life-member@example.com');
  ownerId = await me(owner);
  memberId = await me(member);
});
afterAll(() => up?.close());

describe('event lifecycle (extension)', () => {
  it('publishes a draft, then archives it, and never goes back', async () => {
    const id = await newEvent('Lifecycle fair');
    const published = await setStatus(member, id, 'published');
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ id, status: 'published' });
    expect((await setStatus(member, id, 'archived')).status).toBe(200);
    const back = await setStatus(owner, id, 'published');
    expect(back.status).toBe(409);
    expect(((await back.json()) as { error: { code: string } }).error.code).toBe('invalid_transition');
    expect((await setStatus(owner, id, 'draft')).status).toBe(409);
    // the same status again changes nothing and is no error
    expect((await setStatus(owner, id, 'archived')).status).toBe(200);
  });

  it('holds the same rule on the whole-event update', async () => {
    const id = await newEvent('Updated fair');
    const body = { name: 'Updated fair', startDate: '2027-05-01T09:00:00Z', endDate: '2027-05-02T18:00:00Z' };
    const put = (status: string) =>
      up.call(`/events/${id}`, { method: 'PUT', token: member, json: { ...body, status } });
    expect((await put('archived')).status).toBe(200);
    expect((await put('draft')).status).toBe(409);
    expect((await put('archived')).status).toBe(200);
  });

  it('closes every registration form of the event at once', async () => {
    const id = await newEvent('Closing fair');
    for (const kind of ['participant', 'exposant']) {
      const open = await up.call(`/webhook/event-forms?eventId=${id}`, {
        method: 'POST',
        headers: { 'x-automation-key': WEBHOOK_KEY },
        json: { kind, title: kind },
      });
      expect(open.status).toBeLessThan(300);
    }
    const closed = await up.call(`/events/${id}/close-registrations`, { method: 'POST', token: member });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ closed: 2 });
    const again = await up.call(`/events/${id}/close-registrations`, { method: 'POST', token: member });
    expect(await again.json()).toEqual({ closed: 0 });
  });

  it('lets only owners and admins delete an event, with what hangs off it', async () => {
    const id = await newEvent('Doomed fair');
    const refused = await up.call(`/events/${id}`, { method: 'DELETE', token: member });
    expect(refused.status).toBe(403);
    expect((await up.call(`/events/${id}`, { token: owner })).status).toBe(200);
    expect((await up.call(`/events/${id}`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await up.call(`/events/${id}`, { token: owner })).status).toBe(404);
    const other = await newEvent('Owner-deleted fair');
    expect((await up.call(`/events/${other}`, { method: 'DELETE', token: owner })).status).toBe(204);
  });

  it('refuses a stranger: another organisation’s event is not theirs to change', async () => {
    const id = await newEvent('Private fair');
    const stranger = await joinAs(up, owner, orgId, 'member', 'life-stranger@example.com');
    const strangerId = await me(stranger);
    expect((await remove(owner, strangerId)).status).toBe(204);
    expect((await setStatus(stranger, id, 'published')).status).toBe(403);
    expect((await up.call(`/events/${id}`, { method: 'DELETE', token: stranger })).status).toBe(403);
  });
});

describe('member type and removal (extension)', () => {
  it('refuses both to a plain member', async () => {
    expect((await changeType(member, memberId, 'admin')).status).toBe(403);
    expect((await remove(member, ownerId)).status).toBe(403);
  });

  it('never demotes nor removes the last owner, with a clear code', async () => {
    const demoted = await changeType(owner, ownerId, 'admin');
    expect(demoted.status).toBe(409);
    expect(((await demoted.json()) as { error: { code: string } }).error.code).toBe('last_owner');
    expect((await remove(owner, ownerId)).status).toBe(409);
    const members = (await (await up.call(`/organizations/${orgId}/members`, { token: owner })).json()) as {
      data: { userId: number; memberType: string }[];
    };
    expect(members.data.find((m) => m.userId === ownerId)?.memberType).toBe('owner');
  });

  it('keeps an admin away from owners', async () => {
    expect((await changeType(admin, memberId, 'owner')).status).toBe(403);
    expect((await changeType(admin, ownerId, 'member')).status).toBe(403);
    expect((await remove(admin, ownerId)).status).toBe(403);
  });

  it('lets a manager change a type and remove a member, who then loses access', async () => {
    const changed = await changeType(admin, memberId, 'admin');
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ userId: memberId, memberType: 'admin' });
    expect((await changeType(owner, memberId, 'member')).status).toBe(200);
    expect((await remove(admin, memberId)).status).toBe(204);
    expect((await up.call(`/organizations/${orgId}/members`, { token: member })).status).toBe(403);
    expect((await remove(owner, memberId)).status).toBe(404);
  });

  it('lets an owner step down once another owner exists', async () => {
    const second = await joinAs(up, owner, orgId, 'owner', 'life-owner2@example.com');
    const secondId = await me(second);
    expect((await changeType(owner, ownerId, 'admin')).status).toBe(200);
    // now the second is the only owner
    expect((await remove(owner, secondId)).status).toBe(403);
    expect((await changeType(second, secondId, 'member')).status).toBe(409);
    expect((await changeType(second, ownerId, 'owner')).status).toBe(200);
  });
});

describe('own profile (extension)', () => {
  it('changes the signed-in user’s name and language, the language the mails are written in', async () => {
    const token = await joinAs(up, owner, orgId, 'member', 'life-profile@example.com');
    const put = (json: unknown) => up.call('/user/profile', { method: 'PUT', token, json });
    expect((await put({ firstName: '', lastName: 'X', locale: 'en' })).status).toBe(400);
    expect((await put({ firstName: 'Aiko', lastName: 'Sato', locale: 'de' })).status).toBe(400);
    const saved = await put({ firstName: 'Aiko', lastName: 'Sato', locale: 'ja' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ firstName: 'Aiko', lastName: 'Sato', locale: 'ja' });
    expect(await (await up.call('/auth/userinfo', { token })).json()).toMatchObject({ locale: 'ja' });
    expect(
      (
        await up.call('/user/profile', {
          method: 'PUT',
          json: { firstName: 'A', lastName: 'B', locale: 'fr' },
        })
      ).status,
    ).toBe(401);
  });
});
