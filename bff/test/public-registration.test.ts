import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import {
  CSRF,
  JSON_WRITE,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
  WEBHOOK_KEY,
} from './helpers';
import pino from 'pino';
import { publicEventPage } from '@evt/contracts/public-registrations';

const SLUG = 'sii-2027';
let upstream: TestUpstream;
let bff: RunningBff;
let relay: { url: string; close(): Promise<void> };
/** every path the BFF sent to the upstream, in order */
const reached: string[] = [];
let organiserToken: string;
let eventId: number;

const participant = (email: string) => ({
  lastName: 'Dupont',
  firstNames: 'Marie',
  email,
  dialCode: '+33',
  phone: '612345678',
  countryOfResidence: 'FR',
  occupation: 'Ingénieure',
  participantType: 'individual',
  organizationName: '',
  sector: 'tech_innovation',
  motivation: '',
  b2bInterest: false,
  telegramNotifications: true,
  privacyConsent: true,
});

const b2bEntry = (email: string): Record<string, unknown> => ({
  companyName: 'Kyoto Tools',
  profileType: 'supplier',
  fullName: 'Aiko Tanaka',
  position: 'sales_director',
  email,
  dialCode: '+81',
  phone: '312345678',
  employees: 640,
  websiteUrl: 'https://example.jp',
  address: 'Kyoto',
  businessSectors: ['industry_manufacturing'],
  otherSector: '',
  logo: '',
  companyDescription: 'We make precision tools for the car and aircraft industries.',
  skills: 'Machining',
  offerType: 'products_to_distribute',
  otherOfferType: '',
  targetMarket: 'Europe',
  needType: 'distributors',
  otherNeedType: '',
  needUrgency: 'within_6_months',
  targetedPartnerType: 'distributors',
  otherPartnershipType: '',
  specificCriteria: '',
  participationFormat: 'in_person',
  availabilityStart: '2027-03-01',
  availabilityEnd: '2027-03-03',
  timeSlots: ['afternoon'],
  expectations: '',
  privacyConsent: true,
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${bff.url}/api/public${path}`, {
    method: 'POST',
    headers: { ...JSON_WRITE, ...headers },
    body: JSON.stringify(body),
  });
const register = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  post(
    `/events/${SLUG}/registrations/participant`,
    { locale: 'en', data: participant(email), ...extra },
    headers,
  );

async function rows(q: string) {
  const res = await upstream.call(`/events/${eventId}/registrations?q=${encodeURIComponent(q)}`, {
    token: organiserToken,
  });
  return ((await res.json()) as { total: number; data: { status: string; data: Record<string, unknown> }[] })
    .data;
}
const mailsTo = async (to: string) =>
  (await upstream.outbox()).filter((m) => m.to === to).sort((a, b) => a.id - b.id);

/** A pass-through in front of the upstream that records what reaches it (to prove refused files never do). */
async function startRelay(target: string) {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of req) chunks.push(chunk as Buffer);
    } catch {
      // the BFF gave up on this body (a file over its limit): it never reaches the upstream
      return;
    }
    reached.push(`${req.method} ${req.url}`);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        ([k]) => !['host', 'connection', 'content-length', 'transfer-encoding'].includes(k),
      ),
    ) as Record<string, string>;
    const answer = await fetch(target + (req.url ?? ''), {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  upstream = await startUpstream();
  relay = await startRelay(upstream.apiUrl);
  const app = await createApp(testConfig({ apiUrl: relay.url, webhookUrl: upstream.webhookUrl }), {
    logger: pino({ level: 'silent' }),
    publicLimits: { submit: 25, submitAddress: 100 },
  });
  const server = createServer(app.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  bff = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bff: app,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
  organiserToken = await upstream.login('organiser@demo.example', 'demo-organiser-2026');
  const forms = await fetch(`${bff.url}/api/public/events/${SLUG}/forms`);
  eventId = ((await forms.json()) as { event: { id: number } }).event.id;
  for (const kind of ['press_agent', 'receptionist']) {
    const res = await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-automation-key': WEBHOOK_KEY },
      body: JSON.stringify({ kind, title: kind, open: true }),
    });
    expect(res.status).toBe(201);
  }
});

afterAll(async () => {
  await bff?.close();
  await relay?.close();
  await upstream?.close();
});

describe('public registration through the BFF', () => {
  it('lists the forms an event offers with its public data only', async () => {
    const res = await fetch(`${bff.url}/api/public/events/${SLUG}/forms`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { event: Record<string, unknown>; forms: { kind: string }[] };
    expect(Object.keys(body.event).sort()).toEqual(
      [
        'endDate',
        'endTime',
        'id',
        'languages',
        'logo',
        // the organiser's name and privacy notice, shown beside the consent box
        'privacy',
        'slug',
        'startDate',
        'startTime',
        'timeZone',
        'title',
        'titles',
      ].sort(),
    );
    expect(body.forms.map((f) => f.kind)).toEqual(expect.arrayContaining(['participant', 'exhibitor']));
    expect((await fetch(`${bff.url}/api/public/events/no-such-event/forms`)).status).toBe(404);
  });

  it('answers the event public page: its details and forms, parsed, limited with the other reads', async () => {
    const res = await fetch(`${bff.url}/api/public/events/${eventId}`);
    expect(res.status).toBe(200);
    const body = publicEventPage.strict().parse(await res.json());
    expect(body.event).toMatchObject({ id: eventId, slug: SLUG });
    expect(body.event.description).not.toBe('');
    expect(body.event.venue).not.toBe('');
    expect(body.forms.map((f) => f.kind)).toEqual(expect.arrayContaining(['participant', 'b2b']));
    // the page's read and the forms' read count together, against one limit
    const remaining = (r: Response) => Number(/r=(\d+)/.exec(r.headers.get('ratelimit') ?? '')?.[1]);
    const before = remaining(res);
    const forms = await fetch(`${bff.url}/api/public/events/${SLUG}/forms`);
    expect(remaining(forms)).toBeLessThan(before);
    expect((await fetch(`${bff.url}/api/public/events/no-such-event`)).status).toBe(404);
    const bad = await fetch(`${bff.url}/api/public/events/${encodeURIComponent('a b')}`);
    expect(bad.status).toBe(400);
  });

  it('registers a B2B company with its profile type, and refuses one without', async () => {
    const entry = { ...b2bEntry('b2b@example.org') };
    const ok = await post(`/events/${SLUG}/registrations/b2b`, { locale: 'ja', data: entry });
    expect(ok.status).toBe(202);
    expect((await rows('b2b@example.org'))[0]?.data).toMatchObject({ profileType: 'supplier' });
    const { profileType: _, ...without } = b2bEntry('nob2b@example.org');
    const refused = await post(`/events/${SLUG}/registrations/b2b`, { locale: 'fr', data: without });
    expect(refused.status).toBe(400);
    const error = (
      (await refused.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } }
    ).error;
    expect(Object.keys(error.details.fieldErrors)).toEqual(['data.profileType']);
  });

  it('registers pending, mails the link in the visitor language, confirms once', async () => {
    const res = await register('marie@example.org');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ status: 'pending', email: 'm***@example.org' });
    const [row] = await rows('marie@example.org');
    expect(row?.status).toBe('pending');
    expect(row?.data.telegramNotifications).toBe(true);
    const [mail] = await mailsTo('marie@example.org');
    expect(mail?.subject).toMatch(/Confirm your registration/);
    const link = mail?.links.find(
      (l) => l.includes('/en/public/registrations/confirm?') && l.includes('token='),
    );
    expect(link).toBeDefined();
    const token = new URL(link as string).searchParams.get('token') as string;
    const confirm = () => fetch(`${bff.url}/api/public/registrations/confirm?token=${token}`);
    const first = await confirm();
    expect(first.status).toBe(200);
    const confirmed = (await first.json()) as Record<string, unknown>;
    expect(confirmed).toMatchObject({ status: 'confirmed', kind: 'participant', eventSlug: SLUG });
    // no Telegram bot configured: the preference is only recorded, no start token is asked for or shown
    expect(confirmed).not.toHaveProperty('telegramLink');
    expect(confirmed).not.toHaveProperty('telegramToken');
    expect(await (await confirm()).json()).toMatchObject({ status: 'already_confirmed' });
    const unknown = await fetch(`${bff.url}/api/public/registrations/confirm?token=${'x'.repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('errors.linkUnknown');
  });

  it('offers the Telegram bot deep link after confirming, when a bot is configured and was asked for', async () => {
    const withBot = await startBff(
      testConfig(
        { apiUrl: upstream.apiUrl, webhookUrl: upstream.webhookUrl },
        { telegramBotUsername: 'evt_demo_bot' },
      ),
    );
    try {
      expect((await register('tg-bff@example.org')).status).toBe(202);
      const [mail] = await mailsTo('tg-bff@example.org');
      const link = mail?.links.find((l) => l.includes('token=')) as string;
      const token = new URL(link).searchParams.get('token') as string;
      const answer = (await (
        await fetch(`${withBot.url}/api/public/registrations/confirm?token=${token}`)
      ).json()) as Record<string, unknown>;
      expect(answer.telegramLink).toMatch(/^https:\/\/t\.me\/evt_demo_bot\?start=[A-Za-z0-9_-]{43}$/);
      // the token travels inside the link only
      expect(answer).not.toHaveProperty('telegramToken');
    } finally {
      await withBot.close();
    }
  });

  it('resends instead of duplicating when the same address registers again', async () => {
    expect((await register('twice@example.org')).status).toBe(202);
    expect((await register('TWICE@example.org', { locale: 'fr' })).status).toBe(202);
    expect(await rows('twice@example.org')).toHaveLength(1);
    const mails = await mailsTo('twice@example.org');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toMatch(/Confirmez votre inscription/);
    // the first link was replaced by the second
    const tokenOf = (m: (typeof mails)[number]) =>
      new URL(m.links.find((l) => l.includes('token=')) as string).searchParams.get('token');
    const old = await fetch(`${bff.url}/api/public/registrations/confirm?token=${tokenOf(mails[0]!)}`);
    expect(old.status).toBe(404);
    expect(
      (await fetch(`${bff.url}/api/public/registrations/confirm?token=${tokenOf(mails[1]!)}`)).status,
    ).toBe(200);
  });

  it('resends a pending registration a new link and answers the same for anybody else', async () => {
    expect((await register('resend@example.org')).status).toBe(202);
    const resend = (email: string) =>
      post('/registrations/resend', { email, eventSlug: SLUG, kind: 'participant', locale: 'ja' });
    const sent = await resend('Resend@Example.org');
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ status: 'sent' });
    // the resend is queued (jobs/resend-jobs.ts): its mail follows the answer
    await expect.poll(() => mailsTo('resend@example.org'), { timeout: 10_000 }).toHaveLength(2);
    const mails = await mailsTo('resend@example.org');
    expect(mails[1]?.links.some((l) => l.includes('/jp/public/registrations/confirm?'))).toBe(true);
    const nobody = await resend('nobody@example.org');
    expect(nobody.status).toBe(202);
    expect(await mailsTo('nobody@example.org')).toHaveLength(0);
  });

  it('answers a filled honeypot like a person and stores nothing', async () => {
    const res = await register('bot@example.org', { website: 'http://spam.example' });
    expect(res.status).toBe(202);
    expect(await rows('bot@example.org')).toHaveLength(0);
    expect(await mailsTo('bot@example.org')).toHaveLength(0);
  });

  it('validates with the form schema and reports field keys', async () => {
    const res = await post(`/events/${SLUG}/registrations/participant`, {
      locale: 'fr',
      data: { ...participant('bad'), phone: '06 12 ab', participantType: 'company' },
    });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } };
    expect(error.details.fieldErrors['data.email']).toEqual(['validation.email']);
    expect(Object.keys(error.details.fieldErrors)).toEqual(expect.arrayContaining(['data.phone']));
  });

  it('refuses a registration without the privacy consent, on its box, and stores nothing', async () => {
    for (const privacyConsent of [false, undefined]) {
      const res = await post(`/events/${SLUG}/registrations/participant`, {
        locale: 'ja',
        data: { ...participant('noconsent@example.org'), privacyConsent },
      });
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as {
        error: { details: { fieldErrors: Record<string, string[]> } };
      };
      expect(error.details.fieldErrors).toEqual({
        'data.privacyConsent': ['privacy.validation.consentRequired'],
      });
    }
    expect(await rows('noconsent@example.org')).toHaveLength(0);
  });

  it('refuses cross-site posts', async () => {
    const attempts: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'x-requested-with': 'nope' },
    ];
    for (const headers of attempts) {
      const res = await register('cross@example.org', {}, headers);
      expect(res.status).toBe(403);
    }
    expect(await rows('cross@example.org')).toHaveLength(0);
  });

  it('answers 404 for a form the event does not offer and 410 for a closed one', async () => {
    const forms = (await (
      await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, {
        headers: { 'x-automation-key': WEBHOOK_KEY },
      })
    ).json()) as { data: { id: number; kind: string }[] };
    const res = await post(`/events/${SLUG}/registrations/panelist`, {
      locale: 'fr',
      data: {
        lastName: 'A',
        firstNames: 'B',
        email: 'p@example.org',
        position: 'X',
        dialCode: '+33',
        phone: '612345678',
        privacyConsent: true,
      },
    });
    expect(res.status).toBe(404);
    const press = forms.data.find((f) => f.kind === 'press_agent');
    await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-automation-key': WEBHOOK_KEY },
      body: JSON.stringify({ id: press?.id, kind: 'press_agent', title: 'Presse', open: false }),
    });
    const closed = await upload('press_agent', 'logo', PNG, 'logo.png');
    expect(closed.status).toBe(410);
    expect(((await closed.json()) as { error: { code: string } }).error.code).toBe('errors.formClosed');
  });
});

// smallest valid PNG header + IHDR: enough for the content sniffer
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function upload(kind: string, field: string, content: Buffer, name: string, claimed = 'image/png') {
  const form = new FormData();
  form.set('eventSlug', SLUG);
  form.set('kind', kind);
  form.set('field', field);
  form.set('file', new Blob([content], { type: claimed }), name);
  return fetch(`${bff.url}/api/public/uploads`, { method: 'POST', headers: CSRF, body: form });
}

describe('public uploads', () => {
  it('accepts a file whose content matches and returns a token', async () => {
    const res = await upload('receptionist', 'photo', PNG, 'me.png');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; type: string };
    expect(body.token).toMatch(/^upl_/);
    expect(body.type).toBe('image/png');
  });

  it('refuses an oversized or mistyped file with 413 or 415 and never forwards it', async () => {
    const before = reached.filter((r) => r.includes('/public/uploads')).length;
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const tooBig = await upload('receptionist', 'photo', big, 'big.png');
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { error: { code: string } }).error.code).toBe('errors.payloadTooLarge');
    // a PDF claimed as PNG for a photo, and a text file claimed as PDF
    expect((await upload('receptionist', 'photo', PDF, 'photo.png')).status).toBe(415);
    expect(
      (await upload('receptionist', 'cv', Buffer.from('hello, not a pdf'), 'cv.pdf', 'application/pdf'))
        .status,
    ).toBe(415);
    // within the route's outer limit but over the field's own (a 2 MiB logo): cut while streaming
    const logo = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const cut = await upload('b2b', 'logo', logo, 'logo.png');
    expect(cut.status).toBe(413);
    expect(reached.filter((r) => r.includes('/public/uploads')).length).toBe(before);
  });
});
