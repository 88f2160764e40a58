import type { Event } from '@evt/contracts/events';
import { textIn } from '@evt/contracts/forms/define';
import { type CustomQuestion, QUESTIONS_MAX } from '@evt/contracts/forms/questions';
import type { EventForm } from '@evt/contracts/upstream-automation';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { toLocale } from '../../../lib/i18n/i18n';
import { useSaveEventFormMutation } from '../api/event-forms';
import { type QuestionDraft, QuestionEditor } from './question-editor';

/** Saving a form's questions is saving the form: the webhook's event-forms operation, as the BFF checks it. */
const SAVE_FORM = { operation: 'eventForms', method: 'POST' } as const;

/** A saved question as the form's body sends it back (the list is sent whole, in order). */
const draftOf = ({ id, type, required, label, options }: CustomQuestion): QuestionDraft => ({
  id,
  type,
  required,
  label,
  options,
});

/** One of a question's buttons: a change of the form (its permission), named by the question's label. */
function QuestionButton({
  questionId,
  ...props
}: Omit<ComponentProps<typeof PermittedButton>, 'call' | 'variant' | 'size' | 'aria-describedby'> & {
  questionId: number;
}) {
  return (
    <PermittedButton
      {...props}
      call={SAVE_FORM}
      variant="secondary"
      size="sm"
      aria-describedby={`question-${questionId}`}
    />
  );
}

/**
 * A form's custom questions (asked after its own fields): added, edited, moved and removed by whoever may
 * edit the event's forms. Each change sends the whole list; the upstream keeps the answers of a question
 * removed after people answered it (docs/decisions/registration.md).
 */
export function FormQuestions({ event, form }: { event: Pick<Event, 'id' | 'languages'>; form: EventForm }) {
  const { t, i18n } = useTranslation();
  const locale = toLocale(i18n.language);
  const save = useSaveEventFormMutation(event.id);
  const [editing, setEditing] = useState<CustomQuestion | 'new' | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const active = (form.questions ?? []).filter((question) => !question.retired);
  const labelOf = (question: CustomQuestion) => textIn(question.label, locale);
  const headingId = `event-form-${form.id}-questions`;
  const saveList = (list: QuestionDraft[], after?: () => void, fail?: (error: unknown) => void) =>
    save.mutate(
      { ...form, questions: list },
      {
        onSuccess: () => {
          setAnnouncement(t('console.eventForms.questions.saved'));
          after?.();
        },
        ...(fail ? { onError: fail } : {}),
      },
    );
  const move = (question: CustomQuestion, by: -1 | 1) => {
    const list = active.map(draftOf);
    const from = active.indexOf(question);
    const to = from + by;
    if (to < 0 || to >= list.length) return;
    [list[from], list[to]] = [list[to] as QuestionDraft, list[from] as QuestionDraft];
    saveList(list, () =>
      setAnnouncement(
        t('console.eventForms.questions.moved', {
          label: labelOf(question),
          position: to + 1,
          total: list.length,
        }),
      ),
    );
  };
  const onSave = (draft: QuestionDraft, fail: (error: unknown) => void) => {
    const list =
      editing === 'new'
        ? [...active.map(draftOf), draft]
        : active.map((question) => (question.id === draft.id ? draft : draftOf(question)));
    saveList(list, () => setEditing(null), fail);
  };
  return (
    <section className="form-questions" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('console.eventForms.questions.title')}</h3>
      <p className="muted">{t('console.eventForms.questions.intro')}</p>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {active.length === 0 ? (
        <p>{t('console.eventForms.questions.empty')}</p>
      ) : (
        <ol
          className="form-questions__list"
          aria-label={t('console.eventForms.questions.listLabel', { title: form.title })}
        >
          {active.map((question, index) => (
            <li key={question.id} className="form-questions__item">
              <span className="form-questions__label" id={`question-${question.id}`}>
                {labelOf(question)}
              </span>{' '}
              <span className="muted">{t(`console.eventForms.questions.types.${question.type}`)}</span>{' '}
              {question.required ? (
                <span className="badge">{t('console.eventForms.questions.requiredBadge')}</span>
              ) : null}
              <div className="event-form__actions">
                <QuestionButton
                  eventId={event.id}
                  questionId={question.id}
                  disabled={index === 0 || save.isPending}
                  onClick={() => move(question, -1)}
                >
                  {t('console.eventForms.questions.moveUp')}
                </QuestionButton>
                <QuestionButton
                  eventId={event.id}
                  questionId={question.id}
                  disabled={index === active.length - 1 || save.isPending}
                  onClick={() => move(question, 1)}
                >
                  {t('console.eventForms.questions.moveDown')}
                </QuestionButton>
                <QuestionButton
                  eventId={event.id}
                  questionId={question.id}
                  onClick={() => setEditing(question)}
                >
                  {t('console.eventForms.questions.edit')}
                </QuestionButton>
                <ConfirmDelete
                  label={t('console.eventForms.questions.removeLabel', { label: labelOf(question) })}
                  title={t('console.eventForms.questions.remove')}
                  description={t('console.eventForms.questions.removeConfirm', { label: labelOf(question) })}
                  onConfirm={() => saveList(active.filter((q) => q !== question).map(draftOf))}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
      <ErrorAlert error={editing ? null : save.error} />
      {editing ? (
        <QuestionEditor
          key={editing === 'new' ? 'new' : editing.id}
          question={editing === 'new' ? null : editing}
          languages={event.languages}
          busy={save.isPending}
          onSave={onSave}
          onCancel={() => setEditing(null)}
        />
      ) : active.length >= QUESTIONS_MAX ? (
        <p className="muted">{t('console.eventForms.questions.limitReached')}</p>
      ) : (
        <PermittedButton
          eventId={event.id}
          call={SAVE_FORM}
          variant="secondary"
          size="sm"
          onClick={() => setEditing('new')}
        >
          {t('console.eventForms.questions.add')}
        </PermittedButton>
      )}
    </section>
  );
}
