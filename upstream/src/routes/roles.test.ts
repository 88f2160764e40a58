import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgePng } from '../seed/png';
import { startTestUpstream, type TestUpstream } from '../test-helpers';
import { demoOrganisation, joinAs, MEMBER_TYPE_IDS } from '../test-members';

// Owners and admins manage an organisation; a plain member works in it but does not manage it.
let up: TestUpstream;
let owner: string;
let admin: string;
let member: string;
let orgId: number;
const url = 'http://localhost:3000/organizations/invite';

beforeAll(async () => {
  up = await startTestUpstream();
  ({ owner, orgId } = await demoOrganisation(up));
  admin = await joinAs(up, owner, orgId, 'admin', 'roles-admin@example.com');
  member = await joinAs(up, owner, orgId, 'member', 'roles-member@example.com');
});
afterAll(() => up?.close());

const invite = (token: string, email: string, type: keyof typeof MEMBER_TYPE_IDS) =>
  up.call(`/organizations/${orgId}/members/invite`, {
    method: 'POST',
    token,
    json: { email, memberTypeId: MEMBER_TYPE_IDS[type], url },
  });
const pendingId = async (type: keyof typeof MEMBER_TYPE_IDS, email: string) =>
  ((await (await invite(owner, email, type)).json()) as { id: number }).id;
const post = (token: string, path: string, json?: unknown) => up.call(path, { method: 'POST', token, json });
const image = () => {
  const form = new FormData();
  form.append('file', new Blob([badgePng(8, [0, 0, 0], [255, 255, 255])], { type: 'image/png' }), 'a.png');
  return form;
};

describe('organisation roles in the reference upstream', () => {
  it('refuses every management route to a plain member, and changes nothing', async () => {
    const before = await (await up.call(`/organizations/${orgId}`, { token: owner })).json();
    const put = await up.call(`/organizations/${orgId}`, {
      method: 'PUT',
      token: member,
      json: { name: 'Hijacked' },
    });
    expect(put.status).toBe(403);
    const upload = await up.call(`/organizations/${orgId}/image`, {
      method: 'POST',
      token: member,
      body: image(),
    });
    expect(upload.status).toBe(403);
    expect((await invite(member, 'boss@example.com', 'admin')).status).toBe(403);
    expect((await invite(member, 'peer@example.com', 'member')).status).toBe(403);
    expect((await up.call(`/organizations/${orgId}/invitations`, { token: member })).status).toBe(403);
    const pending = await pendingId('member', 'pending-1@example.com');
    expect((await post(member, `/invitations/${pending}/resend`, { url })).status).toBe(403);
    expect((await post(member, `/invitations/${pending}/invalidate`)).status).toBe(403);
    expect(await (await up.call(`/organizations/${orgId}`, { token: owner })).json()).toEqual(before);
    const list = (await (await up.call(`/organizations/${orgId}/invitations`, { token: owner })).json()) as {
      data: { email: string; status: string }[];
    };
    expect(list.data.map((row) => row.email)).not.toContain('boss@example.com');
    expect(list.data.find((row) => row.email === 'pending-1@example.com')?.status).toBe('pending');
    // reading the organisation and its members stays open to every member
    expect((await up.call(`/organizations/${orgId}/members`, { token: member })).status).toBe(200);
  });

  it('lets an admin manage, but not make an owner or handle an owner’s invitation', async () => {
    const put = await up.call(`/organizations/${orgId}`, {
      method: 'PUT',
      token: admin,
      json: { name: 'Salon renamed by an admin' },
    });
    expect(put.status).toBe(200);
    const upload = await up.call(`/organizations/${orgId}/image`, {
      method: 'POST',
      token: admin,
      body: image(),
    });
    expect(upload.status).toBe(200);
    expect((await invite(admin, 'new-admin@example.com', 'admin')).status).toBe(201);
    expect((await invite(admin, 'new-owner@example.com', 'owner')).status).toBe(403);
    const mine = await pendingId('member', 'pending-2@example.com');
    expect((await post(admin, `/invitations/${mine}/resend`, { url })).status).toBe(200);
    expect((await post(admin, `/invitations/${mine}/invalidate`)).status).toBe(200);
    const owners = await pendingId('owner', 'pending-owner@example.com');
    expect((await post(admin, `/invitations/${owners}/resend`, { url })).status).toBe(403);
    expect((await post(admin, `/invitations/${owners}/invalidate`)).status).toBe(403);
    expect((await post(owner, `/invitations/${owners}/invalidate`)).status).toBe(200);
  });
});
