import { z } from 'zod';
import { questionMsg } from '../feature-messages';
import { LOCALES, type Locale } from '../locale';
import { id, msg, optionalText, requiredText } from '../validation';
import {
  defineForm,
  type FieldDef,
  type FormDefinition,
  fileWidget,
  type LocalisedText,
  type Widget,
} from './define';
import { YES_NO } from '../constants';
import {
  anyOf,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  isoDate,
  oneOf,
  optionalOneOf,
  optionalUploadToken,
  someOf,
  uploadToken,
} from './fields';

/*
 * An event form's custom questions: what the organiser adds to a form beyond its built-in fields. One
 * schema of them for the console, the BFF and the upstream; `withQuestions` turns them into fields of the
 * form's definition, so the visitor's form draws and checks them as it does every other field, and the
 * console lists, shows and exports their answers as it does every other field's.
 */

export const QUESTION_TYPES = ['text', 'choice', 'choices', 'yesNo', 'date', 'file'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Types whose answers are the organiser's options. */
export const CHOICE_TYPES: readonly QuestionType[] = ['choice', 'choices'];
export const QUESTIONS_MAX = 20;
export const OPTIONS_MAX = 20;
export const OPTIONS_MIN = 2;
export const QUESTION_LABEL_MAX = 200;
export const OPTION_LABEL_MAX = 100;
/** The longest written answer. */
export const TEXT_ANSWER_MAX = 1000;

/** A text in some of the three languages: at least one written; an empty one is "not written". */
const localisedText = (max: number) =>
  z
    .partialRecord(z.enum(LOCALES), optionalText(max))
    .transform((text) => Object.fromEntries(Object.entries(text).filter(([, value]) => value)))
    .refine((text) => Object.keys(text).length > 0, { error: questionMsg.labelMissing })
    .transform((text) => text as LocalisedText);

/** An option's code: stable once given, so that relabelling an option keeps its answers. */
const optionCode = z.string().regex(/^[a-z0-9]{1,12}$/, { error: msg.invalidInput });
export const questionOption = z.object({ code: optionCode, label: localisedText(OPTION_LABEL_MAX) });

const questionShape = {
  type: z.enum(QUESTION_TYPES, { error: msg.invalidInput }),
  required: z.boolean().default(false),
  label: localisedText(QUESTION_LABEL_MAX),
  options: z.array(questionOption).max(OPTIONS_MAX, { error: questionMsg.tooManyOptions }).default([]),
};

/**
 * One question as the organiser sends it: `id` names a question already saved (absent: a new one). Choice
 * types have OPTIONS_MIN to OPTIONS_MAX options, each code once; other types have none (dropped).
 */
export const questionInput = z
  .object({ id: id().optional(), ...questionShape })
  .superRefine((question, ctx) => {
    if (!CHOICE_TYPES.includes(question.type)) return;
    if (question.options.length < OPTIONS_MIN)
      ctx.addIssue({ code: 'custom', path: ['options'], message: questionMsg.tooFewOptions });
    const codes = question.options.map((option) => option.code);
    if (new Set(codes).size !== codes.length)
      ctx.addIssue({ code: 'custom', path: ['options'], message: msg.duplicate });
  })
  .transform((question) => (CHOICE_TYPES.includes(question.type) ? question : { ...question, options: [] }));
export type QuestionInput = z.input<typeof questionInput>;

/** A form's questions in their order (the order is the list's): at most QUESTIONS_MAX, each id once. */
export const questionList = z
  .array(questionInput)
  .max(QUESTIONS_MAX, { error: questionMsg.tooMany })
  .refine(
    (list) => {
      const ids = list.flatMap((question) => (question.id ? [question.id] : []));
      return new Set(ids).size === ids.length;
    },
    { error: msg.duplicate },
  );

/**
 * A saved question, as the upstream answers it. `retired`: removed by the organiser after people had
 * answered it; visitors no longer see it, the console still shows and exports its answers.
 */
export const customQuestion = z.object({
  id: z.number().int(),
  ...questionShape,
  retired: z.boolean().default(false),
});
export type CustomQuestion = z.output<typeof customQuestion>;

/**
 * The labels a question still lacks in the event's languages, as field errors of the form's body
 * (`questions.0.label.en`): visitors read each question in their language, so each language the event
 * offers needs its words. The console checks it before sending, the upstream (which knows the event) again.
 */
export function missingQuestionLabels(
  questions: readonly {
    type: QuestionType;
    label: LocalisedText;
    options: readonly { label: LocalisedText }[];
  }[],
  languages: readonly Locale[],
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  questions.forEach((question, index) => {
    for (const locale of languages) {
      if (!question.label[locale]) out[`questions.${index}.label.${locale}`] = [msg.required];
      question.options.forEach((option, at) => {
        if (!option.label[locale]) out[`questions.${index}.options.${at}.label.${locale}`] = [msg.required];
      });
    }
  });
  return out;
}

/** The form field that holds a question's answer (letters and digits: an upload's field name). */
export const questionField = (questionId: number) => `question${questionId}`;

/** `YYYY-MM-DD` or nothing. */
const optionalDate = () =>
  z
    .string({ error: msg.invalidInput })
    .trim()
    .refine((value) => value === '' || isoDate().safeParse(value).success, { error: msg.pattern })
    .optional()
    .default('');

type Codes = readonly [string, ...string[]];

/** A question as a field of the form: the schema its answer must pass and the widget that enters it. */
function fieldOf(question: CustomQuestion): FieldDef {
  const codes = question.options.map((option) => option.code) as unknown as Codes;
  const texts = Object.fromEntries(question.options.map((option) => [option.code, option.label]));
  const required = question.required && !question.retired;
  const def = (schema: z.ZodType, widget: Widget): FieldDef => ({ schema, widget });
  switch (question.type) {
    case 'text':
      return def(required ? requiredText(TEXT_ANSWER_MAX) : optionalText(TEXT_ANSWER_MAX), {
        type: 'textarea',
      });
    case 'choice':
      return def(required ? oneOf(codes) : optionalOneOf(codes), {
        type: 'radio',
        options: codes,
        labels: { texts },
      });
    case 'choices':
      return def(required ? someOf(codes) : anyOf(codes), {
        type: 'checkboxes',
        options: codes,
        labels: { texts },
      });
    case 'yesNo':
      return def(required ? oneOf(YES_NO) : optionalOneOf(YES_NO), {
        type: 'radio',
        options: YES_NO,
        labels: { enum: 'yesNo' },
      });
    case 'date':
      return def(required ? isoDate() : optionalDate(), { type: 'date' });
    case 'file':
      return def(
        required ? uploadToken() : optionalUploadToken(),
        fileWidget(DOCUMENT_TYPES, DOCUMENT_MAX_BYTES),
      );
  }
}

/** The step the questions make, after the form's own steps. */
export const QUESTIONS_STEP = 'questions';

const extended = new Map<string, FormDefinition>();

/**
 * The form with the event's questions as fields of one more step, after the built-in ones: the visitor's
 * form draws and checks them, the BFF and the upstream parse the submission with the result, the console
 * shows and exports their answers under the organiser's labels. A retired question (in the console's
 * copy only) is never required. Built once per form and question list (zod compiles each schema on use).
 */
export function withQuestions(form: FormDefinition, questions: readonly CustomQuestion[]): FormDefinition {
  if (questions.length === 0) return form;
  const key = `${form.kind}:${JSON.stringify(questions)}`;
  const known = extended.get(key);
  if (known) return known;
  const fields = Object.fromEntries(questions.map((q) => [questionField(q.id), fieldOf(q)]));
  const labels = Object.fromEntries(questions.map((q) => [questionField(q.id), q.label]));
  const { source } = form;
  const definition = defineForm({
    ...source,
    fields: { ...source.fields, ...fields },
    steps: [...source.steps, { id: QUESTIONS_STEP, fields: Object.keys(fields) }],
    labels: { ...source.labels, ...labels },
  }) as unknown as FormDefinition;
  if (extended.size > 500) extended.clear();
  extended.set(key, definition);
  return definition;
}

/** The questions visitors answer: not the retired ones. */
export const activeQuestions = (questions: readonly CustomQuestion[] | undefined) =>
  (questions ?? []).filter((question) => !question.retired);
