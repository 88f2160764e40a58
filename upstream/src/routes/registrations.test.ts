import { DEMO_ORGANISER, DEMO_ORGANISER_2 } from '../seed/demo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

let up: TestUpstream;
let token: string;
let eventId: number;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const member = (email: string, passport: string) => ({
  lastName: 'Ndiaye',
  firstNames: 'Awa',
  email,
  dialCode: '+221',
  phone: '771234567',
  position: 'Conseillère',
  participantType: 'organization',
  organizationName: 'Ministère',
  sector: 'public_service_government',
  motivation: '',
  passport,
  otherDocuments: [],
  privacyConsent: true,
});

beforeAll(async () => {
  up = await startTestUpstream();
  token = await up.login(DEMO_ORGANISER.email, DEMO_ORGANISER.password);
  const event = await (await up.call('/public/events/sii-2027', { headers: SERVICE })).json();
  eventId = (event as { id: number }).id;
  await up.call(`/webhook/event-forms?eventId=${eventId}`, {
    method: 'POST',
    headers: SERVICE,
    json: { kind: 'membre_delegation', title: 'Membres', open: true },
  });
});
afterAll(() => up?.close());

async function upload(field: string) {
  const form = new FormData();
  form.set('eventSlug', 'sii-2027');
  form.set('kind', 'delegation_member');
  form.set('field', field);
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'passport.png');
  const res = await up.call('/public/uploads', { method: 'POST', headers: SERVICE, body: form });
  expect(res.status).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

describe('registrations of an event', () => {
  it('stores a registration with its file and lists it with search, filters, sort and pages', async () => {
    const passport = await upload('passport');
    const res = await up.call(`/public/events/sii-2027/registrations/delegation_member`, {
      method: 'POST',
      headers: SERVICE,
      json: { locale: 'fr', data: member('awa@example.sn', passport), confirmUrl: 'http://localhost/c' },
    });
    expect(res.status).toBe(202);
    // the token was consumed: a second registration cannot reuse it
    const again = await up.call(`/public/events/sii-2027/registrations/delegation_member`, {
      method: 'POST',
      headers: SERVICE,
      json: { locale: 'fr', data: member('other@example.sn', passport), confirmUrl: 'http://localhost/c' },
    });
    expect(again.status).toBe(400);

    const list = async (query: string) =>
      (await (await up.call(`/events/${eventId}/registrations?${query}`, { token })).json()) as {
        data: {
          id: number;
          email: string;
          kind: string;
          status: string;
          lastName: string;
          files: { url: string }[];
        }[];
        total: number;
      };
    const found = await list('kind=delegation_member&q=AWA');
    expect(found.total).toBe(1);
    const row = found.data[0]!;
    expect(row).toMatchObject({ kind: 'delegation_member', status: 'pending', lastName: 'Ndiaye' });
    expect(row.files).toHaveLength(1);
    const file = await up.call(row.files[0]!.url, { token });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    // the seeded 19 rows: paging, status filter and sort on the server
    const page1 = await list('limit=5&page=1&sort=email');
    const page2 = await list('limit=5&page=2&sort=email');
    expect(page1.data).toHaveLength(5);
    expect(page1.total).toBe(page2.total);
    const emails = [...page1.data, ...page2.data].map((r) => r.email);
    expect(emails).toEqual([...emails].sort());
    const confirmed = await list('status=confirmed&limit=100');
    expect(confirmed.data.every((r) => r.status === 'confirmed')).toBe(true);
    const exhibitors = await list('kind=exhibitor');
    expect(exhibitors.data.every((r) => r.kind === 'exhibitor')).toBe(true);
    expect(exhibitors.total).toBeGreaterThan(0);
  });

  it('answers the public event from the event the organiser sees', async () => {
    const pub = (await (await up.call(`/public/events/${eventId}`, { headers: SERVICE })).json()) as Record<
      string,
      unknown
    >;
    const own = (await (await up.call(`/events/${eventId}`, { token })).json()) as Record<string, unknown>;
    expect(pub).toEqual({
      id: own.id,
      slug: own.slug,
      title: own.name,
      // the demo event's name and description in its other languages
      titles: { en: 'International Innovation Fair 2027', ja: '国際イノベーション見本市 2027' },
      descriptions: {
        en: 'Three days of exhibition, talks and B2B meetings about innovation.',
        ja: 'イノベーションをテーマにした3日間の展示会、講演、B2B商談会。',
      },
      logo: own.logo,
      languages: own.languages,
      startDate: own.startDate,
      endDate: own.endDate,
      // the times and zone the visitor's banner shows, on the event's clock
      startTime: own.startTime,
      endTime: own.endTime,
      timeZone: own.timeZone,
      description: own.description,
      venue: own.venue,
      city: own.city,
      country: own.country,
      // the event's forms are switched on (a switched-off forms feature closes them to visitors)
      formsOff: false,
      // the organiser's privacy notice, shown beside every form's consent box
      privacy: expect.objectContaining({ organizer: "Salon International de l'Innovation" }),
    });
    expect(pub.description).not.toBe('');
  });

  it('stores a B2B registration with its profile type', async () => {
    const data = {
      companyName: 'Agro Sahel',
      profileType: 'investor',
      fullName: 'Moussa Diop',
      position: 'ceo',
      email: 'moussa@example.sn',
      dialCode: '+221',
      phone: '771234567',
      employees: 45,
      websiteUrl: '',
      address: 'Dakar',
      businessSectors: ['agriculture_agroindustry'],
      otherSector: '',
      logo: '',
      companyDescription: 'A company that processes and exports agricultural products.',
      skills: 'Processing',
      offerType: 'b2b_services',
      otherOfferType: '',
      targetMarket: 'West Africa',
      needType: 'investors',
      otherNeedType: '',
      needUrgency: 'immediate',
      targetedPartnerType: 'clients',
      otherPartnershipType: '',
      specificCriteria: '',
      participationFormat: 'hybrid',
      availabilityStart: '2027-03-01',
      availabilityEnd: '2027-03-02',
      timeSlots: ['morning'],
      expectations: '',
      privacyConsent: true,
    };
    const res = await up.call('/public/events/sii-2027/registrations/b2b', {
      method: 'POST',
      headers: SERVICE,
      json: { locale: 'en', data, confirmUrl: 'http://localhost/c' },
    });
    expect(res.status).toBe(202);
    const list = (await (
      await up.call(`/events/${eventId}/registrations?kind=b2b&q=moussa`, { token })
    ).json()) as { data: { kind: string; data: Record<string, unknown> }[]; total: number };
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ kind: 'b2b', data: { profileType: 'investor' } });
    // the organiser finds a company by its name too
    const byCompany = (await (
      await up.call(`/events/${eventId}/registrations?kind=b2b&q=${encodeURIComponent('agro sah')}`, {
        token,
      })
    ).json()) as { data: { data: Record<string, unknown> }[]; total: number };
    expect(byCompany.total).toBe(1);
    expect(byCompany.data[0]?.data.companyName).toBe('Agro Sahel');
  });

  it('is for members of the organising organisation only', async () => {
    const other = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
    expect((await up.call(`/events/${eventId}/registrations`, { token: other })).status).toBe(403);
    expect((await up.call(`/events/${eventId}/registrations`)).status).toBe(401);
    expect((await up.call('/public/events/sii-2027')).status).toBe(401);
  });
});

describe("the organiser's actions on one registration (extensions)", () => {
  const pendingOne = async () => {
    const list = (await (
      await up.call(`/events/${eventId}/registrations?status=pending&limit=1`, { token })
    ).json()) as { data: { id: number }[] };
    const id = list.data[0]?.id;
    if (!id) throw new Error('the seed has no pending registration');
    return id;
  };

  it('confirms a registration by hand, once, for members only', async () => {
    const id = await pendingOne();
    const path = `/events/${eventId}/registrations/${id}/confirm`;
    const other = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
    expect((await up.call(path, { method: 'POST', token: other })).status).toBe(403);
    expect((await up.call(path, { method: 'POST' })).status).toBe(401);
    const first = await up.call(path, { method: 'POST', token });
    expect(first.status).toBe(200);
    const row = (await first.json()) as { status: string; confirmedAt: string };
    expect(row.status).toBe('confirmed');
    const again = (await (await up.call(path, { method: 'POST', token })).json()) as { confirmedAt: string };
    expect(again.confirmedAt).toBe(row.confirmedAt);
    const unknown = `/events/${eventId}/registrations/999999/confirm`;
    expect((await up.call(unknown, { method: 'POST', token })).status).toBe(404);
  });

  it('deletes a registration, for members only', async () => {
    const id = await pendingOne();
    const path = `/events/${eventId}/registrations/${id}`;
    const other = await up.login(DEMO_ORGANISER_2.email, DEMO_ORGANISER_2.password);
    expect((await up.call(path, { method: 'DELETE', token: other })).status).toBe(403);
    expect((await up.call(path, { method: 'DELETE', token })).status).toBe(204);
    expect((await up.call(path, { token })).status).toBe(404);
    expect((await up.call(path, { method: 'DELETE', token })).status).toBe(404);
  });
});
