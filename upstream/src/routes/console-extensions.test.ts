import type { Event } from '@evt/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { startTestUpstream, type TestUpstream } from '../test-helpers';

/** The reference upstream's extensions for the organiser console. */
let up: TestUpstream;
let camille: string;
let kenji: string;
let orgId: number;
let eventId: number;
beforeAll(async () => {
  up = await startTestUpstream();
  camille = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  kenji = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
  orgId = ((await (await up.call('/organizations', { token: camille })).json()) as { data: { id: number }[] })
    .data[0]?.id as number;
  eventId = (
    (await (await up.call(`/organizations/${orgId}/events`, { token: camille })).json()) as {
      data: { id: number }[];
    }
  ).data[0]?.id as number;
});
afterAll(() => up?.close());

type Features = { features: Record<string, boolean> };

const addUser = (email: string, invitation_code?: string) =>
  up.call('/user/addUser', {
    method: 'POST',
    json: {
      firstName: 'Ana',
      lastName: 'Invitée',
      email,
      password: 'Invited-password-2026!',
      redirect_uri: 'http://localhost:3000/verify-email',
      invitation_code,
    },
  });

describe('registering from an invitation', () => {
  it('creates a verified account without a verification mail when the code invites that address', async () => {
    const email = 'ana.invited@example.org';
    const invited = await up.call(`/organizations/${orgId}/members/invite`, {
      method: 'POST',
      token: camille,
      json: { email, memberTypeId: 3, url: 'http://localhost:3000/organizations/invite' },
    });
    expect(invited.status).toBe(201);
    const code = new URL(
      (await up.outbox()).find((m) => m.to === email)?.links[0] ?? 'http://x',
    ).searchParams.get('code');
    const created = await addUser(email, code ?? undefined);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ email, verified: true });
    expect((await up.outbox()).filter((m) => m.to === email)).toHaveLength(1);
    expect(await up.login(email, 'Invited-password-2026!')).toBeTruthy();
  });

  it('ignores a code that invites another address or does not exist', async () => {
    const email = 'bea.invited@example.org';
    await up.call(`/organizations/${orgId}/members/invite`, {
      method: 'POST',
      token: camille,
      json: { email, memberTypeId: 3, url: 'http://localhost:3000/organizations/invite' },
    });
    const code = new URL(
      (await up.outbox()).find((m) => m.to === email)?.links[0] ?? 'http://x',
    ).searchParams.get('code');
    const other = await addUser('someone.else@example.org', code ?? undefined);
    expect(await other.json()).toMatchObject({ verified: false });
    const unknown = await addUser('third@example.org', 'y'.repeat(43));
    expect(await unknown.json()).toMatchObject({ verified: false });
  });
});

describe('event features (extension)', () => {
  it('defaults every feature on, stores switches, and refuses other organisations', async () => {
    const initial = (await (
      await up.call(`/events/${eventId}/features`, { token: camille })
    ).json()) as Features;
    expect(Object.values(initial.features).every(Boolean)).toBe(true);
    const put = await up.call(`/events/${eventId}/features`, {
      method: 'PUT',
      token: camille,
      json: { features: { informationRequests: false } },
    });
    expect(((await put.json()) as Features).features.informationRequests).toBe(false);
    expect((await up.call(`/events/${eventId}/features`, { token: kenji })).status).toBe(403);
    const foreign = await up.call(`/events/${eventId}/features`, {
      method: 'PUT',
      token: kenji,
      json: { features: { commission: false } },
    });
    expect(foreign.status).toBe(403);
  });
});

describe('event update (extension)', () => {
  it('replaces the fields, keeps slug and organisation, refuses bad dates and other organisations', async () => {
    const before = (await (await up.call(`/events/${eventId}`, { token: camille })).json()) as Event;
    const body = {
      name: 'Salon renommé',
      description: 'Nouvelle description',
      venue: 'Hall 2',
      city: 'Lyon',
      country: 'FR',
      startDate: '2031-05-01T00:00:00Z',
      endDate: '2031-05-03T23:59:00Z',
      languages: ['fr', 'ja', 'fr'],
      status: 'published',
    };
    const put = await up.call(`/events/${eventId}`, { method: 'PUT', token: camille, json: body });
    expect(put.status).toBe(200);
    const saved = (await put.json()) as Event;
    expect(saved).toMatchObject({
      name: 'Salon renommé',
      venue: 'Hall 2',
      languages: ['fr', 'ja'],
      status: 'published',
      slug: before.slug,
      organizationId: before.organizationId,
    });
    const reversed = await up.call(`/events/${eventId}`, {
      method: 'PUT',
      token: camille,
      json: { ...body, endDate: '2031-04-01T00:00:00Z' },
    });
    expect(reversed.status).toBe(400);
    const foreign = await up.call(`/events/${eventId}`, { method: 'PUT', token: kenji, json: body });
    expect(foreign.status).toBe(403);
    const after = (await (await up.call(`/events/${eventId}`, { token: camille })).json()) as Event;
    expect(after.name).toBe('Salon renommé');
  });
});
