import type { LocalisedText } from '@evt/contracts/forms/define';
import {
  type CustomQuestion,
  customQuestion,
  missingQuestionLabels,
  type QuestionType,
  questionField,
} from '@evt/contracts/forms/questions';
import type { Locale } from '@evt/contracts/locale';
import type { Queryable } from '../db/db';
import { HttpError } from '../http/errors';

/** A question as the organiser's body holds it once parsed (contracts: questionList). */
export interface QuestionToSave {
  id?: number | undefined;
  type: QuestionType;
  required: boolean;
  label: LocalisedText;
  options: { code: string; label: LocalisedText }[];
}

type QuestionRow = {
  id: number;
  form_id: number;
  type: string;
  required: boolean;
  label: Record<string, string>;
  options: unknown;
  retired_at: Date | null;
};

/**
 * The questions of an event's forms by form id, in order, the retired ones after (flagged). Parsed with
 * the contract's schema: what is answered is what the contract says.
 */
export async function questionsOfEvent(
  db: Queryable,
  eventId: number,
): Promise<Map<number, CustomQuestion[]>> {
  const rows = await db.query<QuestionRow>(
    `SELECT q.id, q.form_id, q.type, q.required, q.label, q.options, q.retired_at
     FROM event_form_questions q JOIN event_forms f ON f.id = q.form_id
     WHERE f.event_id = $1 ORDER BY q.retired_at IS NOT NULL, q.position, q.id`,
    [eventId],
  );
  const out = new Map<number, CustomQuestion[]>();
  for (const row of rows) {
    const question = customQuestion.parse({
      id: row.id,
      type: row.type,
      required: row.required,
      label: row.label,
      options: row.options,
      retired: row.retired_at !== null,
    });
    out.set(row.form_id, [...(out.get(row.form_id) ?? []), question]);
  }
  return out;
}

const refused = (fieldErrors: Record<string, string[]>, message: string) =>
  new HttpError(400, 'validation_failed', message, { fieldErrors });

/**
 * Replaces a form's questions by the organiser's list, in its order: a question with an id updates that
 * (active) question of the form, whose type stays what it was (its answers were given to that type); one
 * without is added; an active question left out is deleted when no one answered it, else retired (hidden
 * from visitors, its answers kept). Each language of the event needs every label.
 */
export async function saveQuestions(
  tx: Queryable,
  form: { id: number; eventId: number; languages: readonly Locale[] },
  questions: readonly QuestionToSave[],
): Promise<void> {
  const missing = missingQuestionLabels(questions, form.languages);
  if (Object.keys(missing).length)
    throw refused(missing, 'A question lacks a label in a language of the event');
  const existing = await tx.query<{ id: number; type: string }>(
    'SELECT id, type FROM event_form_questions WHERE form_id = $1 AND retired_at IS NULL FOR UPDATE',
    [form.id],
  );
  const types = new Map(existing.map((row) => [Number(row.id), row.type]));
  for (const [index, question] of questions.entries()) {
    if (question.id === undefined) continue;
    const type = types.get(question.id);
    if (type === undefined)
      throw refused({ [`questions.${index}`]: ['validation.invalidInput'] }, 'Unknown question of this form');
    if (type !== question.type)
      throw refused(
        { [`questions.${index}.type`]: ['validation.invalidInput'] },
        'A question keeps its type',
      );
  }
  const kept = new Set(questions.flatMap((question) => (question.id ? [question.id] : [])));
  for (const id of types.keys()) {
    if (kept.has(id)) continue;
    const answered = await tx.query(
      `SELECT 1 FROM registrations WHERE event_id = $1
         AND coalesce(data ->> $2, '') NOT IN ('', '[]', 'null') LIMIT 1`,
      [form.eventId, questionField(id)],
    );
    if (answered.length)
      await tx.query('UPDATE event_form_questions SET retired_at = now(), updated_at = now() WHERE id = $1', [
        id,
      ]);
    else await tx.query('DELETE FROM event_form_questions WHERE id = $1', [id]);
  }
  for (const [index, question] of questions.entries()) {
    const values = [
      question.required,
      JSON.stringify(question.label),
      JSON.stringify(question.options),
      index + 1,
    ];
    if (question.id)
      await tx.query(
        `UPDATE event_form_questions SET required = $2, label = $3, options = $4, position = $5, updated_at = now()
         WHERE id = $1`,
        [question.id, ...values],
      );
    else
      await tx.query(
        `INSERT INTO event_form_questions (form_id, type, required, label, options, position)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [form.id, question.type, ...values],
      );
  }
}
