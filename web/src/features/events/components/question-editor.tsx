import {
  CHOICE_TYPES,
  type CustomQuestion,
  missingQuestionLabels,
  OPTION_LABEL_MAX,
  OPTIONS_MAX,
  QUESTION_LABEL_MAX,
  QUESTION_TYPES,
  type QuestionType,
  questionInput,
} from '@evt/contracts/forms/questions';
import type { Locale } from '@evt/contracts/locale';
import { useId } from 'react';
import { type FieldError, get, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextField } from '../../../components/ui/form';
import { contractKey } from '../../../lib/i18n/keys';
import { useApiForm } from '../../../lib/use-api-form';

/** One question as the editor holds it and the form's body sends it (contracts: questionInput). */
export type QuestionDraft = ReturnType<typeof questionInput.parse>;

/** The question's schema, and each of the event's languages written in its label and its options. */
const editorSchema = (languages: readonly Locale[]) =>
  questionInput.superRefine((question, ctx) => {
    for (const [path, [message]] of Object.entries(missingQuestionLabels([question], languages)))
      ctx.addIssue({ code: 'custom', path: path.split('.').slice(2), message: message ?? '' });
  });

/** A new option's code: one no option of the question has (codes stay with their answers). */
const nextCode = (codes: readonly string[]) => {
  let n = codes.length + 1;
  while (codes.includes(`o${n}`)) n += 1;
  return `o${n}`;
};

/**
 * Adds or edits one custom question: its type (kept once saved: its answers were given to it), whether an
 * answer is required, its label in each of the event's languages and, for choices, its options.
 */
export function QuestionEditor({
  question,
  languages,
  busy,
  onSave,
  onCancel,
}: {
  question: CustomQuestion | null;
  languages: readonly Locale[];
  busy: boolean;
  onSave: (draft: QuestionDraft, fail: (error: unknown) => void) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const fields = ['type', 'required', 'options', ...languages.map((locale) => `label.${locale}`)] as const;
  const { submit, formError, field, control, watch, register, formState } = useApiForm(
    editorSchema(languages),
    {
      fields,
      defaultValues: question
        ? {
            id: question.id,
            type: question.type,
            required: question.required,
            label: question.label,
            options: question.options,
          }
        : { type: 'text', required: false, label: {}, options: [] },
    },
  );
  const options = useFieldArray({ control, name: 'options' });
  const type = watch('type') as QuestionType;
  const choice = CHOICE_TYPES.includes(type);
  const optionsError = (get(formState.errors, 'options') ?? get(formState.errors, 'options.root')) as
    | FieldError
    | undefined;
  const addOption = () => {
    const codes = options.fields.map((option) => option.code);
    options.append({ code: nextCode(codes), label: {} });
  };
  return (
    <Form
      onSubmit={submit((values, fail) => onSave(values, fail))}
      aria-label={question ? t('console.eventForms.questions.edit') : t('console.eventForms.questions.add')}
      className="question-editor"
    >
      <FormAlert messageKey={formError} />
      {question ? (
        // a saved question keeps its type (its answers were given to it): shown, not offered
        <p>
          {t('console.eventForms.questions.typeOf', {
            type: t(`console.eventForms.questions.types.${question.type}`),
          })}
        </p>
      ) : (
        <SelectField
          label={t('console.eventForms.questions.type')}
          options={QUESTION_TYPES.map((value) => ({
            value,
            label: t(`console.eventForms.questions.types.${value}`),
          }))}
          {...field('type')}
        />
      )}
      <label className="choice">
        <input type="checkbox" className="checkbox" {...register('required')} />
        <span>{t('console.eventForms.questions.required')}</span>
      </label>
      {languages.map((locale) => (
        <TextField
          key={locale}
          lang={locale}
          required
          maxLength={QUESTION_LABEL_MAX}
          label={t('console.eventForms.questions.label', {
            language: t(`eventLanguages.names.${locale}`),
          })}
          {...field(`label.${locale}`)}
        />
      ))}
      {choice ? (
        <fieldset className="question-editor__options" aria-describedby={`${ids}-options-error`}>
          <legend>{t('console.eventForms.questions.options')}</legend>
          {options.fields.map((option, index) => (
            <div key={option.id} className="question-editor__option">
              {languages.map((locale) => (
                <TextField
                  key={locale}
                  lang={locale}
                  required
                  maxLength={OPTION_LABEL_MAX}
                  label={t('console.eventForms.questions.option', {
                    number: index + 1,
                    language: t(`eventLanguages.names.${locale}`),
                  })}
                  {...field(`options.${index}.label.${locale}`)}
                />
              ))}
              <Button variant="ghost" size="sm" onClick={() => options.remove(index)}>
                {t('console.eventForms.questions.removeOption', { number: index + 1 })}
              </Button>
            </div>
          ))}
          {optionsError?.message ? (
            <p className="field__error" id={`${ids}-options-error`} role="alert">
              {t(contractKey(optionsError.message, 'validation.invalidInput'))}
            </p>
          ) : null}
          <Button
            variant="secondary"
            size="sm"
            disabled={options.fields.length >= OPTIONS_MAX}
            onClick={addOption}
          >
            {t('console.eventForms.questions.addOption')}
          </Button>
        </fieldset>
      ) : null}
      <div className="event-form__actions">
        <Button type="submit" size="sm" busy={busy}>
          {t('console.eventForms.questions.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}
