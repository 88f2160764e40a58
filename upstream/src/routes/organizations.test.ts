import { event } from '@evt/contracts/events';
import { eventNumbers, listOf, organization } from '@evt/contracts/organizations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

let up: TestUpstream;
let camille: string;
let kenji: string;
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
});
afterAll(() => up?.close());

const orgsOf = async (token: string) =>
  listOf(organization).parse(await (await up.call('/organizations', { token })).json()).data;

describe('organisations', () => {
  it('lists only the caller’s organisations, with its member type and a versioned image path', async () => {
    const mine = await orgsOf(camille);
    expect(mine).toHaveLength(1);
    const salon = mine[0];
    expect(salon?.name).toBe("Salon International de l'Innovation");
    expect(salon?.memberType).toBe('owner');
    expect(salon?.image).toMatch(/^\/organizations\/\d+\/image\?v=[0-9a-f]{8}$/);
    const image = await up.call(salon?.image ?? '', { token: camille });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    expect((await orgsOf(kenji)).map((o) => o.name)).toEqual(['Osaka Business Fair']);
  });

  it('refuses another organiser’s organisation, events, numbers and image with 403; unknown ids with 404', async () => {
    const salonId = (await orgsOf(camille))[0]?.id;
    for (const path of ['', '/events', '/event-numbers', '/image']) {
      const res = await up.call(`/organizations/${salonId}${path}`, { token: kenji });
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    const put = await up.call(`/organizations/${salonId}`, {
      method: 'PUT',
      token: kenji,
      json: { name: 'Hijacked' },
    });
    expect(put.status).toBe(403);
    expect((await up.call('/organizations/999999', { token: kenji })).status).toBe(404);
    expect((await up.call('/organizations/abc', { token: kenji })).status).toBe(400);
    expect((await up.call('/organizations')).status).toBe(401);
  });

  it('creates an organisation owned by the caller and updates it', async () => {
    const res = await up.call('/organizations', {
      method: 'POST',
      token: kenji,
      json: { name: '  Kyoto Design Week ', country: 'JP' },
    });
    expect(res.status).toBe(201);
    const created = organization.parse(await res.json());
    expect(created).toMatchObject({
      name: 'Kyoto Design Week',
      memberType: 'owner',
      image: null,
      description: '',
    });
    const bad = await up.call('/organizations', { method: 'POST', token: kenji, json: { name: '' } });
    expect(bad.status).toBe(400);
    const put = await up.call(`/organizations/${created.id}`, {
      method: 'PUT',
      token: kenji,
      json: { name: 'Kyoto Design Week 2027', website: 'https://kdw.example' },
    });
    expect(put.status).toBe(200);
    expect(organization.parse(await put.json())).toMatchObject({
      name: 'Kyoto Design Week 2027',
      website: 'https://kdw.example',
    });
    expect((await orgsOf(kenji)).map((o) => o.id)).toContain(created.id);
    expect((await up.call(`/organizations/${created.id}`, { token: camille })).status).toBe(403);
    expect((await up.call(`/organizations/${created.id}/image`, { token: kenji })).status).toBe(404);
  });

  it('refuses what the SPA refuses: a country name is never cut to two letters', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ country: 'France' }, 'country'],
      [{ email: 'contact@' }, 'email'],
      [{ phone: '01 23 ab' }, 'phone'],
      [{ website: 'ftp://files.example.org' }, 'website'],
    ];
    for (const [fields, field] of cases) {
      const res = await up.call('/organizations', {
        method: 'POST',
        token: kenji,
        json: { name: 'Salon', ...fields },
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(field);
    }
    const res = await up.call('/organizations', {
      method: 'POST',
      token: kenji,
      json: { name: 'Salon', country: 'FR', phone: '+33 1 23 45 67 89' },
    });
    expect(organization.parse(await res.json())).toMatchObject({ country: 'FR', phone: '+33123456789' });
  });
});

describe('events', () => {
  it('lists the organisation’s events and computes event numbers from dates and registrations', async () => {
    const salonId = (await orgsOf(camille))[0]?.id;
    const list = listOf(event).parse(
      await (await up.call(`/organizations/${salonId}/events`, { token: camille })).json(),
    );
    expect(list.data).toHaveLength(2);
    expect(list.data.every((e) => e.organizationId === salonId)).toBe(true);
    const numbers = eventNumbers.parse(
      await (await up.call(`/organizations/${salonId}/event-numbers`, { token: camille })).json(),
    );
    expect(numbers).toEqual({
      organizationId: salonId,
      total: 2,
      upcoming: 1,
      ongoing: 1,
      past: 0,
      registrations: 179,
    });

    const first = list.data[0];
    const one = await up.call(`/events/${first?.id}`, { token: camille });
    expect(event.parse(await one.json())).toEqual(first);
    expect((await up.call(`/events/${first?.id}`, { token: kenji })).status).toBe(403);
    expect((await up.call('/events/424242', { token: kenji })).status).toBe(404);
  });

  it('shows other users only to members of a shared organisation', async () => {
    const kenjiId = ((await (await up.call('/auth/userinfo', { token: kenji })).json()) as { id: number }).id;
    const res = await up.call(`/user/profil/getUsers?userIds=${kenjiId},1`, { token: camille });
    const body = (await res.json()) as { data: { id: number }[] };
    expect(body.data.map((u) => u.id)).toEqual([1]);
    expect((await up.call(`/user/getUsers/email/${DEMO_ORGANISER_2.email}`, { token: camille })).status).toBe(
      404,
    );
    expect((await up.call(`/user/getUsers/email/${DEMO_ORGANISER.email}`, { token: camille })).status).toBe(
      200,
    );
  });
});
