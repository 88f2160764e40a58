import { questionField } from '@evt/contracts/forms/questions';
import { eventForm, eventForms } from '@evt/contracts/upstream-automation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantEntry } from '../../../tests/support/participant-entry.mjs';
import { startTestUpstream, type TestUpstream, WEBHOOK_KEY } from '../test-helpers';

let up: TestUpstream;
let eventId: number;
let languages: string[];
let formId: number;
const SERVICE = { 'x-automation-key': WEBHOOK_KEY };
const SLUG = 'sii-2027';
const CONFIRM_URL = 'https://events.example.org/public/registrations/confirm';

const hook = (path: string, body?: unknown) =>
  fetch(`${up.webhookUrl}/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...SERVICE, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const label = (text: string) => Object.fromEntries(languages.map((locale) => [locale, `${text} ${locale}`]));
const saveQuestions = (questions: unknown[]) =>
  hook(`event-forms?eventId=${eventId}`, {
    id: formId,
    kind: 'participant',
    title: 'Participants',
    open: true,
    questions,
  });
const participantForm = async () =>
  eventForms
    .parse(await (await hook(`event-forms?eventId=${eventId}`)).json())
    .data.find((form) => form.id === formId);
const register = (email: string, answers: Record<string, unknown>) =>
  up.call(`/public/events/${SLUG}/registrations/participant`, {
    method: 'POST',
    headers: SERVICE,
    json: {
      locale: 'en',
      data: { ...participantEntry(email, 'Questions'), ...answers },
      confirmUrl: CONFIRM_URL,
    },
  });

const MEAL = {
  type: 'choice',
  required: true,
  options: [
    { code: 'veg', label: { fr: 'Végétarien', en: 'Vegetarian', ja: 'ベジタリアン' } },
    { code: 'meat', label: { fr: 'Viande', en: 'Meat', ja: '肉' } },
  ],
};

beforeAll(async () => {
  up = await startTestUpstream();
  const event = (await (await up.call(`/public/events/${SLUG}`, { headers: SERVICE })).json()) as {
    id: number;
    languages: string[];
  };
  eventId = event.id;
  languages = event.languages;
  const created = await hook(`event-forms?eventId=${eventId}`, {
    kind: 'participant',
    title: 'Participants',
    open: true,
  });
  formId = eventForm.parse(await created.json()).id;
});
afterAll(() => up?.close());

describe("an event form's custom questions", () => {
  it('are saved with the form, in the order sent, and renaming the form keeps them', async () => {
    const saved = await saveQuestions([
      { ...MEAL, label: label('Meal') },
      { type: 'yesNo', required: true, label: label('Gala dinner') },
      { type: 'text', label: label('Anything else') },
    ]);
    expect(saved.status).toBe(200);
    const form = eventForm.parse(await saved.json());
    expect(form.questions?.map((q) => [q.type, q.required, q.retired])).toEqual([
      ['choice', true, false],
      ['yesNo', true, false],
      ['text', false, false],
    ]);
    expect(form.questions?.[0]?.options.map((o) => o.code)).toEqual(['veg', 'meat']);

    const renamed = await hook(`event-forms?eventId=${eventId}`, {
      id: formId,
      kind: 'participant',
      title: 'Visitors',
      open: true,
    });
    expect(eventForm.parse(await renamed.json()).questions).toEqual(form.questions);
  });

  it('refuse a label missing in one of the event’s languages, on that label', async () => {
    const [first, ...others] = languages;
    expect(first).toBeDefined();
    const partial = { [String(first)]: 'Only one language' };
    const answer = await saveQuestions([{ type: 'text', label: partial }]);
    // the demo event offers several languages: one label is not enough
    expect(others.length).toBeGreaterThan(0);
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } };
    expect(body.error.details.fieldErrors[`questions.0.label.${others[0]}`]).toEqual(['validation.required']);
  });

  it('are asked of visitors: a missing or unknown answer is refused on its field, an answer stored', async () => {
    const saved = await saveQuestions([
      { ...MEAL, label: label('Meal') },
      { type: 'yesNo', required: true, label: label('Gala dinner') },
    ]);
    const [meal, gala] = eventForm.parse(await saved.json()).questions ?? [];
    const mealField = questionField(Number(meal?.id));
    const galaField = questionField(Number(gala?.id));

    const missing = await register('q-missing@example.org', { [mealField]: 'cake' });
    expect(missing.status).toBe(400);
    const refused = (await missing.json()) as {
      error: { details: { fieldErrors: Record<string, string[]> } };
    };
    expect(refused.error.details.fieldErrors).toMatchObject({
      [mealField]: ['validation.invalidInput'],
      [galaField]: ['validation.required'],
    });

    expect(
      (await register('q-answered@example.org', { [mealField]: 'veg', [galaField]: 'yes' })).status,
    ).toBe(202);
    const rows = await up.db.query<{ data: Record<string, unknown> }>(
      `SELECT data FROM registrations WHERE event_id = $1 AND email = 'q-answered@example.org'`,
      [eventId],
    );
    expect(rows[0]?.data).toMatchObject({ [mealField]: 'veg', [galaField]: 'yes' });
  });

  it('move, keep their type, and when removed are retired if answered, deleted if not', async () => {
    const [meal, gala] = (await participantForm())?.questions ?? [];
    const keep = (q: typeof meal) => ({
      id: q?.id,
      type: q?.type,
      required: q?.required,
      label: q?.label,
      options: q?.options,
    });

    const retyped = await saveQuestions([{ ...keep(meal), type: 'text' }, keep(gala)]);
    expect(retyped.status).toBe(400);

    const moved = eventForm.parse(await (await saveQuestions([keep(gala), keep(meal)])).json());
    expect(moved.questions?.map((q) => q.id)).toEqual([gala?.id, meal?.id]);

    // an unanswered question goes; the answered one stays, retired, after the active ones
    const fresh = eventForm.parse(
      await (await saveQuestions([keep(gala), keep(meal), { type: 'date', label: label('Arrival') }])).json(),
    );
    const arrival = fresh.questions?.at(-1);
    const removed = eventForm.parse(await (await saveQuestions([keep(gala)])).json());
    expect(removed.questions?.map((q) => [q.id, q.retired])).toEqual([
      [gala?.id, false],
      [meal?.id, true],
    ]);
    expect(removed.questions?.some((q) => q.id === arrival?.id)).toBe(false);

    // visitors are no longer asked the retired question
    const again = await register('q-after@example.org', { [questionField(Number(gala?.id))]: 'no' });
    expect(again.status).toBe(202);
  });
});

describe('the demo data', () => {
  it("asks the Lyon forum's participants about meals and the gala dinner, and holds some answers", async () => {
    const lyon = (await (await up.call('/public/events/forum-b2b-lyon', { headers: SERVICE })).json()) as {
      id: number;
    };
    const forms = eventForms.parse(await (await hook(`event-forms?eventId=${lyon.id}`)).json()).data;
    const questions = forms.find((form) => form.kind === 'participant')?.questions ?? [];
    expect(questions.map((q) => [q.type, q.required])).toEqual([
      ['choice', true],
      ['yesNo', true],
      ['text', false],
    ]);
    const gala = questionField(Number(questions[1]?.id));
    const answered = await up.db.query<{ answer: string }>(
      `SELECT data ->> $2 AS answer FROM registrations WHERE event_id = $1 AND data ? $2`,
      [lyon.id, gala],
    );
    expect(answered.map((row) => row.answer).sort()).toEqual(['no', 'yes', 'yes', 'yes']);
  });
});
