import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json' with { type: 'json' };
import fr from '../../../locales/fr.json' with { type: 'json' };
import ja from '../../../locales/ja.json' with { type: 'json' };
import { questionMsg } from '../feature-messages';
import { eventFormBody } from '../upstream-automation';
import { fieldErrors, msg } from '../validation';
import { fixOrganizationName, organizationNameBreaks, participantSpecs, T } from './arbitraries';
import { LEAD_CONSENT_FIELD, PRIVACY_CONSENT_FIELD } from './consent';
import { checkForm } from './form-harness';
import { form as participant } from './participant';
import {
  type CustomQuestion,
  customQuestion,
  missingQuestionLabels,
  OPTIONS_MAX,
  QUESTIONS_MAX,
  questionField,
  questionList,
  withQuestions,
} from './questions';
import { fileFieldFor, formFor, registrationBodyFor } from './registry';

const label = (text: string) => ({ fr: `${text} (fr)`, en: text, ja: `${text}（ja）` });
const options = (...codes: string[]) => codes.map((code) => ({ code, label: label(code) }));
const question = (fields: Partial<CustomQuestion> & Pick<CustomQuestion, 'id' | 'type'>): CustomQuestion =>
  customQuestion.parse({ required: true, label: label(`Question ${fields.id}`), ...fields });

const meal = question({ id: 1, type: 'choice', options: options('veg', 'meat', 'fish') });
const gala = question({ id: 2, type: 'yesNo' });
const workshops = question({ id: 3, type: 'choices', required: false, options: options('a', 'b', 'c') });
const needs = question({ id: 4, type: 'text' });
const arrival = question({ id: 5, type: 'date' });
const proof = question({ id: 6, type: 'file' });
const all = [meal, gala, workshops, needs, arrival, proof];

const errorsOf = (schema: { safeParse: (v: unknown) => unknown }, value: unknown) => {
  const result = schema.safeParse(value) as { success: boolean; error?: never };
  return result.success ? null : fieldErrors(result.error as never);
};

describe('custom questions: what the organiser sends', () => {
  const body = (questions: unknown) => ({ kind: 'participant', title: 'Visitors', questions });

  it('accepts each type, drops options of the types that have none, and keeps the order given', () => {
    const parsed = eventFormBody.parse(
      body([
        { type: 'text', label: { en: 'Allergies' }, options: options('x', 'y') },
        { type: 'choice', required: true, label: { en: 'Meal' }, options: options('veg', 'meat') },
        { type: 'yesNo', label: { fr: 'Gala ?' } },
      ]),
    );
    expect(parsed.questions?.map((q) => q.type)).toEqual(['text', 'choice', 'yesNo']);
    expect(parsed.questions?.[0]?.options).toEqual([]);
    expect(parsed.questions?.[0]?.required).toBe(false);
  });

  it.each([
    [
      'a choice with one option',
      [{ type: 'choice', label: { en: 'Meal' }, options: options('veg') }],
      'questions.0.options',
      questionMsg.tooFewOptions,
    ],
    [
      'an option code twice',
      [{ type: 'choices', label: { en: 'Meal' }, options: options('a', 'a') }],
      'questions.0.options',
      msg.duplicate,
    ],
    [
      'too many options',
      [
        {
          type: 'choice',
          label: { en: 'Meal' },
          options: options(...Array.from({ length: OPTIONS_MAX + 1 }, (_, i) => `o${i}`)),
        },
      ],
      'questions.0.options',
      questionMsg.tooManyOptions,
    ],
    [
      'a label in no language',
      [{ type: 'text', label: { en: '  ', fr: '' } }],
      'questions.0.label',
      questionMsg.labelMissing,
    ],
    [
      'an option without a label',
      [
        {
          type: 'choice',
          label: { en: 'Meal' },
          options: [
            { code: 'a', label: {} },
            { code: 'b', label: { en: 'B' } },
          ],
        },
      ],
      'questions.0.options.0.label',
      questionMsg.labelMissing,
    ],
    [
      'a label too long',
      [{ type: 'text', label: { en: 'x'.repeat(201) } }],
      'questions.0.label.en',
      msg.tooLong,
    ],
    ['an unknown type', [{ type: 'signature', label: { en: 'Sign' } }], 'questions.0.type', msg.invalidInput],
    [
      'too many questions',
      Array.from({ length: QUESTIONS_MAX + 1 }, () => ({ type: 'text', label: { en: 'Q' } })),
      'questions',
      questionMsg.tooMany,
    ],
    [
      'the same question twice',
      [
        { id: 4, type: 'text', label: { en: 'Q' } },
        { id: 4, type: 'text', label: { en: 'R' } },
      ],
      'questions',
      msg.duplicate,
    ],
  ])('refuses %s on its field', (_label, questions, path, key) => {
    expect(errorsOf(eventFormBody, body(questions))?.[path]).toEqual([key]);
  });

  it('says each missing label in the event’s languages, options included', () => {
    const parsed = questionList.parse([
      {
        type: 'choice',
        label: { fr: 'Repas' },
        options: [
          { code: 'a', label: { fr: 'A', en: 'A' } },
          { code: 'b', label: { fr: 'B' } },
        ],
      },
    ]);
    expect(missingQuestionLabels(parsed, ['fr', 'en'])).toEqual({
      'questions.0.label.en': [msg.required],
      'questions.0.options.1.label.en': [msg.required],
    });
    expect(missingQuestionLabels(parsed, ['fr'])).toEqual({});
  });

  it('has every limit message in the three languages, naming the limit', () => {
    for (const messages of [en, fr, ja]) {
      const texts = messages.validation;
      expect(texts.questionsTooMany).toContain(String(QUESTIONS_MAX));
      expect(texts.optionsTooMany).toContain(String(OPTIONS_MAX));
      expect(texts.optionsTooFew && texts.labelMissing).toBeTruthy();
    }
  });
});

describe('custom questions as fields of the form', () => {
  const extended = withQuestions(participant, all);

  it('come after the built-in fields, in one more step, in the organiser’s order, under their labels', () => {
    expect(extended.steps.slice(0, -1).map((s) => s.id)).toEqual(participant.steps.map((s) => s.id));
    // the consent boxes stay the form's last fields, after the questions
    expect(extended.steps.at(-1)).toMatchObject({
      id: 'questions',
      fields: [...all.map((q) => questionField(q.id)), LEAD_CONSENT_FIELD, PRIVACY_CONSENT_FIELD],
    });
    expect(extended.labels[questionField(1)]).toEqual(meal.label);
    expect(extended.widgets[questionField(1)]).toMatchObject({
      type: 'radio',
      options: ['veg', 'meat', 'fish'],
    });
    expect(extended.widgets[questionField(2)]).toMatchObject({ type: 'radio', labels: { enum: 'yesNo' } });
    expect(extended.widgets[questionField(5)]).toEqual({ type: 'date' });
    expect(extended.required[questionField(3)]).toBe(false);
    expect(extended.required[questionField(1)]).toBe(true);
  });

  it('leave a form without questions as it is, and build one definition per question list', () => {
    expect(withQuestions(participant, [])).toBe(participant);
    expect(withQuestions(participant, all)).toBe(extended);
    expect(formFor('participant', all)).toBe(extended);
  });

  it('upload files through the form’s one upload mechanism: a file question is a file field', () => {
    expect(fileFieldFor('participant', questionField(6))).toBeUndefined();
    expect(fileFieldFor('participant', questionField(6), all)).toMatchObject({ required: true, maxCount: 1 });
  });

  it('never require a retired question (the console reads old answers with it)', () => {
    const retired = withQuestions(participant, [{ ...meal, retired: true }]);
    expect(retired.required[questionField(1)]).toBe(false);
  });

  it('are checked in the submission body the BFF and the upstream parse', () => {
    const result = registrationBodyFor('participant', [meal]).safeParse({
      locale: 'en',
      data: { [questionField(1)]: 'cake' },
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error as never)[`data.${questionField(1)}`]).toEqual([msg.invalidInput]);
  });

  it('take an optional date empty, and refuse a date in another format', () => {
    const form = withQuestions(participant, [{ ...arrival, required: false }]);
    const step = form.steps.at(-1)!;
    expect(errorsOf(step.schema, { [questionField(5)]: '', [PRIVACY_CONSENT_FIELD]: true })).toBeNull();
    expect(
      errorsOf(step.schema, { [questionField(5)]: '28/11/2026', [PRIVACY_CONSENT_FIELD]: true }),
    ).toEqual({
      [questionField(5)]: [msg.pattern],
    });
  });

  // the property tests every form runs: generated valid entries pass, each rule broken alone fails alone
  checkForm(
    extended,
    {
      ...participantSpecs,
      [questionField(1)]: T.oneOf(['veg', 'meat', 'fish']),
      [questionField(2)]: T.oneOf(['yes', 'no']),
      [questionField(3)]: T.anyOf(['a', 'b', 'c']),
      [questionField(4)]: T.text(1000),
      [questionField(5)]: T.date('2026-01-01', '2027-12-31'),
      [questionField(6)]: T.upload(),
    },
    { fix: fixOrganizationName, cross: organizationNameBreaks },
  );
});
