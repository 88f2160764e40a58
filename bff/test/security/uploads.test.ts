import { blankPng } from '@evt/upstream/http/test-images';
import { encodePng } from '@evt/upstream/seed/png';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF, login, type RunningBff, startBff, startUpstream, testConfig, WEBHOOK_KEY } from '../helpers';

/**
 * Images without a pixel limit (a 15,000 × 15,000 PNG of a few KB accepted as a public
 * event logo: a decompression bomb for every browser showing the page), and downloads named by the
 * uploader (a PDF uploaded as `evil.html` downloaded as `evil.html`).
 */
const SLUG = 'sii-2027';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
let upstream: TestUpstream;
let bff: RunningBff;
let cookie: string;
let orgId: number;
let eventId: number;
const bomb = blankPng(15_000, 15_000);
const png = encodePng(8, 8, () => [10, 120, 200]);

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${bff.url}/api${path}`, { ...init, headers: { cookie, ...CSRF, ...init.headers } });
const form = (parts: Record<string, string | { data: Buffer; name: string; type: string }>) => {
  const body = new FormData();
  for (const [key, value] of Object.entries(parts))
    if (typeof value === 'string') body.set(key, value);
    else body.set(key, new Blob([value.data], { type: value.type }), value.name);
  return body;
};
const publicUpload = (field: string, data: Buffer, name: string, type: string, locale = 'en') =>
  fetch(`${bff.url}/api/public/uploads`, {
    method: 'POST',
    headers: { ...CSRF, cookie: `locale=${locale}` },
    body: form({ eventSlug: SLUG, kind: 'receptionist', field, file: { data, name, type } }),
  });
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  cookie = (await login(bff.url)).cookie;
  orgId = ((await (await api('/organizations')).json()) as { data: { id: number }[] }).data[0]!.id;
  const events = (await (await api(`/organizations/${orgId}/events`)).json()) as {
    data: { id: number; slug: string }[];
  };
  eventId = events.data.find((e) => e.slug === SLUG)!.id;
  // the receptionist form takes a CV, an ID document and a photo
  const opened = await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-automation-key': WEBHOOK_KEY },
    body: JSON.stringify({ kind: 'receptionist', title: 'Accueil', open: true }),
  });
  expect(opened.status).toBe(201);
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('images over the pixel budget', () => {
  it('the bomb is small: no byte limit catches it', () => {
    expect(bomb.length).toBeLessThan(300 * 1024);
  });

  it('refuses it as a public event logo, with a localised JSON error, and keeps the old logo', async () => {
    const logo = (body: Buffer) =>
      api(`/automation/eventLogo?eventId=${eventId}`, {
        method: 'POST',
        headers: { 'content-type': 'image/png' },
        body,
      });
    expect((await logo(png)).status).toBe(201);
    const refused = await logo(bomb);
    expect(refused.status).toBe(413);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await errorOf(refused)).code).toBe('errors.imageTooLarge');
    const shown = await fetch(`${bff.url}/api/events/${eventId}/logo`);
    expect(Buffer.from(await shown.arrayBuffer()).equals(png)).toBe(true);
  });

  it('refuses it as an organisation image and as an event document', async () => {
    const image = await api(`/organizations/${orgId}/image`, {
      method: 'POST',
      body: form({ file: { data: bomb, name: 'logo.png', type: 'image/png' } }),
    });
    expect(image.status).toBe(413);
    expect((await errorOf(image)).code).toBe('errors.imageTooLarge');
    const before = ((await (await api(`/events/${eventId}/documents`)).json()) as { data: unknown[] }).data;
    const document = await api(`/events/${eventId}/documents`, {
      method: 'POST',
      body: form({ plan: { data: bomb, name: 'plan.png', type: 'image/png' } }),
    });
    expect(document.status).toBe(413);
    expect((await errorOf(document)).code).toBe('errors.imageTooLarge');
    const after = ((await (await api(`/events/${eventId}/documents`)).json()) as { data: unknown[] }).data;
    expect(after).toHaveLength(before.length);
  });

  it('refuses it as a visitor upload streamed by the BFF, in the visitor’s language', async () => {
    const refused = await publicUpload('photo', bomb, 'me.png', 'image/png', 'fr');
    expect(refused.status).toBe(413);
    const error = await errorOf(refused);
    expect(error.code).toBe('errors.imageTooLarge');
    expect(error.message).toMatch(/mégapixels/);
    expect((await publicUpload('photo', png, 'me.png', 'image/png')).status).toBe(201);
  });
});

describe('downloads named from the sniffed type', () => {
  const expectPdfDownload = (response: Response) => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`,
    );
  };

  it('serves an event document uploaded as evil.html as evil.pdf', async () => {
    const uploaded = await api(`/events/${eventId}/documents`, {
      method: 'POST',
      body: form({ doc: { data: PDF, name: 'evil.html', type: 'application/pdf' } }),
    });
    expect(uploaded.status).toBe(201);
    const [doc] = ((await uploaded.json()) as { data: { id: number; filename: string }[] }).data;
    expect(doc!.filename).toBe('evil.pdf');
    expectPdfDownload(await api(`/events/${eventId}/documents/${doc!.id}`));
  });

  it('serves a registration file uploaded as evil.html as evil.pdf', async () => {
    const token = async (field: string, data: Buffer, name: string, type: string) => {
      const response = await publicUpload(field, data, name, type);
      expect(response.status).toBe(201);
      return ((await response.json()) as { token: string; name: string }).token;
    };
    const email = `evil-${Date.now()}@example.org`;
    const data = {
      fullName: 'Eve Il',
      dateOfBirth: '1990-01-01',
      nationality: 'FR',
      gender: 'female',
      email,
      dialCode: '+33',
      phone: '612345678',
      address: '1 rue de la Paix',
      educationLevel: 'Master',
      spokenLanguages: ['fr'],
      keySkills: 'Accueil',
      yearsOfExperience: '3_5',
      availableDays: ['monday'],
      timeSlots: ['morning'],
      cv: await token('cv', PDF, 'evil.html', 'text/html'),
      idDocument: await token('idDocument', PDF, 'id.pdf', 'application/pdf'),
      photo: await token('photo', png, 'me.png', 'image/png'),
      consentAccuracy: true,
      consentDataProcessing: true,
      privacyConsent: true,
    };
    const registered = await fetch(`${bff.url}/api/public/events/${SLUG}/registrations/receptionist`, {
      method: 'POST',
      headers: { ...CSRF, 'content-type': 'application/json' },
      body: JSON.stringify({ locale: 'en', data }),
    });
    expect(registered.status, await registered.clone().text()).toBe(202);
    const list = (await (
      await api(`/events/${eventId}/registrations?kind=receptionist&q=${encodeURIComponent(email)}`)
    ).json()) as { data: { files: { field: string; name: string; url: string }[] }[] };
    const cv = list.data[0]!.files.find((f) => f.field === 'cv')!;
    expect(cv.name).toBe('evil.pdf');
    expectPdfDownload(await api(cv.url));
  });
});
