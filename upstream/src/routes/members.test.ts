import { organization } from '@evt/contracts/organizations';
import {
  invitation,
  invitationLookup,
  invitationPage,
  member,
  memberType,
} from '@evt/contracts/upstream-members';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

let up: TestUpstream;
let camille: string;
let kenji: string;
let salonId: number;
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  const list = (await (await up.call('/organizations', { token: camille })).json()) as {
    data: { id: number }[];
  };
  salonId = list.data[0]?.id as number;
});
afterAll(() => up?.close());

const url = 'http://localhost:3000/organizations/invite';
const latestCode = async (to: string) => {
  const mail = (await up.outbox()).find((m) => m.to === to);
  return new URL(mail?.links[0] ?? 'http://x').searchParams.get('code') ?? '';
};

describe('members and invitations', () => {
  it('lists member types and members', async () => {
    const types = z
      .object({ data: z.array(memberType) })
      .parse(await (await up.call('/member-types', { token: camille })).json());
    expect(types.data.map((t) => t.code)).toEqual(['owner', 'admin', 'member']);
    const members = z
      .object({ data: z.array(member) })
      .parse(await (await up.call(`/organizations/${salonId}/members`, { token: camille })).json());
    expect(members.data).toHaveLength(1);
    expect((await up.call(`/organizations/${salonId}/members`, { token: kenji })).status).toBe(403);
  });

  it('invites by mail, pages the list, and lets only the invited address join', async () => {
    const invite = (email: string, token = camille) =>
      up.call(`/organizations/${salonId}/members/invite`, {
        method: 'POST',
        token,
        json: { email, memberTypeId: 3, url },
      });
    expect((await invite('someone@example.com', kenji)).status).toBe(403);
    const created = await invite('organiser2@demo.example');
    expect(created.status).toBe(201);
    const inv = invitation.parse(await created.json());
    expect(inv).toMatchObject({ status: 'pending', memberType: 'member' });
    for (let i = 0; i < 6; i++) expect((await invite(`guest${i}@example.com`)).status).toBe(201);

    const page2 = invitationPage.parse(
      await (
        await up.call(`/organizations/${salonId}/invitations?limit=5&page=2`, { token: camille })
      ).json(),
    );
    expect(page2).toMatchObject({ page: 2, limit: 5, total: 7 });
    expect(page2.data).toHaveLength(2);

    const code = await latestCode('organiser2@demo.example');
    const lookup = invitationLookup.parse(await (await up.call(`/invitations/${code}`)).json());
    expect(lookup).toMatchObject({
      email: 'organiser2@demo.example',
      accountExists: true,
      organization: { id: salonId },
    });
    const orgs = (await (await up.call(`/invitations/${code}/organizations`)).json()) as {
      data: { name: string }[];
    };
    expect(orgs.data[0]?.name).toBe("Salon International de l'Innovation");

    // another signed-in user cannot use a forwarded link
    expect(
      (await up.call(`/organizations/add-member?code=${code}`, { method: 'POST', token: camille })).status,
    ).toBe(403);
    const joined = await up.call(`/organizations/add-member?code=${code}`, { method: 'POST', token: kenji });
    expect(joined.status).toBe(200);
    expect(organization.parse(await joined.json())).toMatchObject({ id: salonId, memberType: 'member' });
    expect(
      (await up.call(`/organizations/add-member?code=${code}`, { method: 'POST', token: kenji })).status,
    ).toBe(400);
    expect((await up.call(`/organizations/${salonId}/events`, { token: kenji })).status).toBe(200);
  });

  it('invalidates and resends invitations with a fresh code', async () => {
    const created = invitation.parse(
      await (
        await up.call(`/organizations/${salonId}/members/invite`, {
          method: 'POST',
          token: camille,
          json: { email: 'late@example.com', memberTypeId: 2, url },
        })
      ).json(),
    );
    const first = await latestCode('late@example.com');
    const resent = await up.call(`/invitations/${created.id}/resend`, {
      method: 'POST',
      token: camille,
      json: { url },
    });
    expect(resent.status).toBe(200);
    const second = await latestCode('late@example.com');
    expect(second).not.toBe(first);
    expect((await up.call(`/invitations/${first}`)).status).toBe(404);
    const out = await up.call(`/invitations/${created.id}/invalidate`, { method: 'POST', token: camille });
    expect(invitation.parse(await out.json()).status).toBe('invalidated');
    expect(
      (await up.call(`/invitations/${created.id}/resend`, { method: 'POST', token: camille, json: { url } }))
        .status,
    ).toBe(409);
  });
});
