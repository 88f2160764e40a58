import { questionField } from '@evt/contracts/forms/questions';
import { eventForm } from '@evt/contracts/upstream-automation';
import type { TestUpstream } from '@evt/upstream/test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CSRF,
  JSON_WRITE,
  type RunningBff,
  startBff,
  startUpstream,
  testConfig,
  WEBHOOK_KEY,
} from './helpers';

/*
 * The BFF checks a visitor's answers to the event form's custom questions before the upstream sees them,
 * and takes a file question's upload through the forms' one upload route, with the question's limits.
 */

const SLUG = 'forum-b2b-lyon';
let upstream: TestUpstream;
let bff: RunningBff;
let mealField: string;
let proofField: string;

const agency = (email: string) => ({
  agencyName: 'Voyages Rhône',
  email,
  dialCode: '+33',
  phone: '612345678',
  address: '1 place Bellecour, Lyon',
  logo: '',
  privacyConsent: true,
});
const register = (data: Record<string, unknown>) =>
  fetch(`${bff.url}/api/public/events/${SLUG}/registrations/travel_agency`, {
    method: 'POST',
    headers: JSON_WRITE,
    body: JSON.stringify({ locale: 'fr', data }),
  });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const upload = (field: string) => {
  const form = new FormData();
  form.set('eventSlug', SLUG);
  form.set('kind', 'travel_agency');
  form.set('field', field);
  form.set('file', new Blob([PDF], { type: 'application/pdf' }), 'licence.pdf');
  return fetch(`${bff.url}/api/public/uploads`, { method: 'POST', headers: CSRF, body: form });
};

beforeAll(async () => {
  upstream = await startUpstream();
  bff = await startBff(testConfig(upstream));
  // the event's id from the upstream: the BFF has not read (nor kept) the event's forms before the questions
  const event = await upstream.call(`/public/events/${SLUG}`, {
    headers: { 'x-automation-key': WEBHOOK_KEY },
  });
  const eventId = ((await event.json()) as { id: number }).id;
  const both = (text: string) => ({ fr: text, en: text });
  const saved = await fetch(`${upstream.webhookUrl}/event-forms?eventId=${eventId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-automation-key': WEBHOOK_KEY },
    body: JSON.stringify({
      kind: 'travel_agency',
      title: 'Agences',
      open: true,
      questions: [
        {
          type: 'choice',
          required: true,
          label: both('Repas'),
          options: [
            { code: 'veg', label: both('Végétarien') },
            { code: 'meat', label: both('Viande') },
          ],
        },
        { type: 'file', required: false, label: both('Licence IATA') },
      ],
    }),
  });
  expect(saved.status).toBe(201);
  const [meal, proof] = eventForm.parse(await saved.json()).questions ?? [];
  mealField = questionField(Number(meal?.id));
  proofField = questionField(Number(proof?.id));
});
afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

describe('custom questions through the BFF', () => {
  it("offers the form's questions to visitors, in order, with their labels", async () => {
    const forms = (await (await fetch(`${bff.url}/api/public/events/${SLUG}/forms`)).json()) as {
      forms: { kind: string; questions: { type: string; label: Record<string, string> }[] }[];
    };
    const questions = forms.forms.find((form) => form.kind === 'travel_agency')?.questions ?? [];
    expect(questions.map((q) => [q.type, q.label.fr])).toEqual([
      ['choice', 'Repas'],
      ['file', 'Licence IATA'],
    ]);
  });

  it('refuses a missing or unknown answer on its field, in the body it forwards', async () => {
    const missing = await register(agency('q-missing@example.org'));
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } };
    expect(body.error.details.fieldErrors[`data.${mealField}`]).toEqual(['validation.required']);
    const unknown = await register({ ...agency('q-unknown@example.org'), [mealField]: 'cake' });
    expect(((await unknown.json()) as typeof body).error.details.fieldErrors[`data.${mealField}`]).toEqual([
      'validation.invalidInput',
    ]);
  });

  it("takes a file question's upload with the question's limits, and the registration consumes it", async () => {
    const uploaded = await upload(proofField);
    expect(uploaded.status).toBe(201);
    const { token } = (await uploaded.json()) as { token: string };
    // a question the form does not have is no file field
    expect((await upload('question999999')).status).toBe(400);
    const accepted = await register({
      ...agency('q-answered@example.org'),
      [mealField]: 'veg',
      [proofField]: token,
    });
    expect(accepted.status).toBe(202);
    const rows = await upstream.db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM registrations WHERE email = 'q-answered@example.org'`,
    );
    expect(rows[0]?.data[mealField]).toBe('veg');
    expect(rows[0]?.data[proofField]).toMatchObject({ fileId: expect.any(Number) });
  });
});
