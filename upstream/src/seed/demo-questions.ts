import { questionField } from '@evt/contracts/forms/questions';
import type { Queryable } from '../db/db';

/** The forum's questions to its visitors, as an organiser would word them (forms/questions.ts). */
const QUESTIONS = [
  {
    type: 'choice',
    required: true,
    label: { fr: 'Régime alimentaire', en: 'Dietary requirements', ja: '食事の制限' },
    options: [
      { code: 'none', label: { fr: 'Aucun', en: 'None', ja: 'なし' } },
      { code: 'veg', label: { fr: 'Végétarien', en: 'Vegetarian', ja: 'ベジタリアン' } },
      { code: 'vegan', label: { fr: 'Végétalien', en: 'Vegan', ja: 'ヴィーガン' } },
      { code: 'halal', label: { fr: 'Halal', en: 'Halal', ja: 'ハラール' } },
      { code: 'gluten', label: { fr: 'Sans gluten', en: 'Gluten-free', ja: 'グルテンフリー' } },
    ],
  },
  {
    type: 'yesNo',
    required: true,
    label: {
      fr: 'Participerez-vous au dîner de gala ?',
      en: 'Will you attend the gala dinner?',
      ja: 'ガラディナーに参加されますか？',
    },
    options: [],
  },
  {
    type: 'text',
    required: false,
    label: {
      fr: 'Allergies ou besoins d’accessibilité',
      en: 'Allergies or accessibility needs',
      ja: 'アレルギーやバリアフリーのご要望',
    },
    options: [],
  },
] as const;

/** What the forum's first participants answered: a meal, the dinner, now and then a note. */
const ANSWERS = [
  ['veg', 'yes', ''],
  ['none', 'no', ''],
  ['gluten', 'yes', 'Allergie aux fruits à coque'],
  ['halal', 'yes', ''],
];

/**
 * The demo's custom questions: the Lyon forum's participant form asks about meals and the gala dinner,
 * and its participants' registrations hold their answers, so the forms page, the visitor's form, the
 * list's columns, a registration's detail and the exports show them after `npm start`.
 */
export async function seedFormQuestions(tx: Queryable, eventId: number) {
  const forms = await tx.query<{ id: number }>(
    `SELECT id FROM event_forms WHERE event_id = $1 AND kind = 'participant'`,
    [eventId],
  );
  const formId = forms[0]?.id;
  if (!formId) return;
  const ids: number[] = [];
  for (const [index, question] of QUESTIONS.entries()) {
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO event_form_questions (form_id, type, required, label, options, position)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        formId,
        question.type,
        question.required,
        JSON.stringify(question.label),
        JSON.stringify(question.options),
        index + 1,
      ],
    );
    ids.push(Number(rows[0]?.id));
  }
  const people = await tx.query<{ id: number }>(
    `SELECT id FROM registrations WHERE event_id = $1 AND kind = 'participant' ORDER BY id LIMIT $2`,
    [eventId, ANSWERS.length],
  );
  for (const [index, person] of people.entries()) {
    const answers = ANSWERS[index] ?? [];
    const data = Object.fromEntries(ids.map((id, at) => [questionField(id), answers[at] ?? '']));
    await tx.query('UPDATE registrations SET data = data || $2::jsonb WHERE id = $1', [
      person.id,
      JSON.stringify(data),
    ]);
  }
}
