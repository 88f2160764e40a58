import type { Event } from '@evt/contracts/events';
import { LOCALES, mainLocaleOf } from '@evt/contracts/locale';
import { kindOfFormCode } from '@evt/contracts/registration-forms';
import { type EventForm, eventFormBody } from '@evt/contracts/upstream-automation';
import { optionalText } from '@evt/contracts/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { Form, TextField } from '../../../components/ui/form';
import { nameKey } from '../../../lib/i18n/keys';
import { useApiForm } from '../../../lib/use-api-form';
import { useRemoveEventFormMutation, useSaveEventFormMutation } from '../api/event-forms';
import { publicFormLinks } from '../lib/public-form-links';
import { FormQuestions } from './form-questions';
import { FormLimits } from './form-limits';
import { FormPlaces } from './form-places';
import { KioskStart } from './kiosk-start';

/** Renaming, opening and closing a form: the webhook's event-forms operation, as the BFF checks it. */
const SAVE_FORM = { operation: 'eventForms', method: 'POST' } as const;

const renameSchema = z.object({
  title: eventFormBody.shape.title,
  titles: z.partialRecord(z.enum(LOCALES), optionalText(200)),
});

/**
 * The form's title in the event's main language, and in each of its other languages: a
 * language left empty shows visitors the product's own title of the form's kind, in their language.
 */
function RenameForm({
  event,
  form,
  done,
}: {
  event: Pick<Event, 'id' | 'languages'>;
  form: EventForm;
  done: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEventFormMutation(event.id);
  const main = mainLocaleOf(event.languages);
  const others = LOCALES.filter((locale) => locale !== main && event.languages.includes(locale));
  const { submit, formError, field } = useApiForm(renameSchema, {
    fields: ['title', ...others.map((locale) => `titles.${locale}`)],
    defaultValues: { title: form.title, titles: form.titles ?? {} },
  });
  const onSubmit = submit(({ title, titles }, fail) =>
    save.mutate({ ...form, title, titles }, { onSuccess: done, onError: fail }),
  );
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.eventForms.renameLabel', { title: form.title })}>
      <FormAlert messageKey={formError} />
      <TextField
        lang={main}
        label={t('eventLanguages.formTitleMain', { language: t(`eventLanguages.names.${main}`) })}
        required
        autoFocus
        {...field('title')}
      />
      {others.map((locale) => (
        <TextField
          key={locale}
          lang={locale}
          label={t('eventLanguages.formTitle', { language: t(`eventLanguages.names.${locale}`) })}
          hint={t('eventLanguages.formTitleFallback')}
          {...field(`titles.${locale}`)}
        />
      ))}
      <div className="event-form__actions">
        <Button type="submit" size="sm" busy={save.isPending}>
          {t('console.eventForms.save')}
        </Button>
        <Button variant="ghost" size="sm" onClick={done}>
          {t('common.cancel')}
        </Button>
      </div>
    </Form>
  );
}

type Props = {
  event: Pick<Event, 'id' | 'slug' | 'languages' | 'timeZone'>;
  form: EventForm;
  position: number;
  total: number;
  move: (form: EventForm, by: -1 | 1) => void;
};

/** One form of the event: its name, state, count and public links, and what the organiser can change. */
export function EventFormItem({ event, form, position, total, move }: Props) {
  const { t } = useTranslation();
  const save = useSaveEventFormMutation(event.id);
  const remove = useRemoveEventFormMutation(event.id);
  const [renaming, setRenaming] = useState(false);
  const [limiting, setLimiting] = useState(false);
  const [questionsShown, setQuestionsShown] = useState(false);
  const questionCount = (form.questions ?? []).filter((question) => !question.retired).length;
  const kind = kindOfFormCode(form.kind);
  const titleId = `event-form-${form.id}`;
  const links = publicFormLinks(event, form.kind, window.location.origin);
  const stopRenaming = () => {
    setRenaming(false);
    requestAnimationFrame(() => document.getElementById(`${titleId}-rename`)?.focus());
  };
  const stopLimiting = () => {
    setLimiting(false);
    requestAnimationFrame(() => document.getElementById(`${titleId}-limits`)?.focus());
  };
  return (
    <li className="card event-form" aria-labelledby={titleId}>
      <div className="event-form__head">
        <h2 className="card__title" id={titleId}>
          {form.title}
        </h2>
        <span className={`badge ${form.open ? 'badge--success' : 'badge--warning'}`}>
          {t(form.open ? 'console.eventForms.open' : 'console.eventForms.closed')}
        </span>
      </div>
      <p className="muted">
        {kind ? t(nameKey.formTitle(kind)) : form.kind}
        {form.registrations === undefined
          ? null
          : ` · ${t('console.eventForms.registrations', { count: form.registrations })}`}
      </p>
      <FormPlaces event={event} form={form} />
      {links.length > 0 ? (
        <ul className="event-form__links" aria-label={t('console.eventForms.links', { title: form.title })}>
          {links.map((link) => (
            <li key={link.locale}>
              <span className="event-form__lang">{t(`layout.languages.${link.locale}`)}</span>{' '}
              <a href={link.url} lang={link.locale === 'ja' ? 'ja' : link.locale}>
                {link.url}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {renaming ? <RenameForm event={event} form={form} done={stopRenaming} /> : null}
      {limiting ? <FormLimits event={event} form={form} done={stopLimiting} /> : null}
      <div className="event-form__actions">
        <Button
          id={`${titleId}-up`}
          variant="secondary"
          size="sm"
          disabled={position === 1}
          aria-describedby={titleId}
          onClick={() => move(form, -1)}
        >
          {t('console.eventForms.moveUp')}
        </Button>
        <Button
          id={`${titleId}-down`}
          variant="secondary"
          size="sm"
          disabled={position === total}
          aria-describedby={titleId}
          onClick={() => move(form, 1)}
        >
          {t('console.eventForms.moveDown')}
        </Button>
        {renaming ? null : (
          <PermittedButton
            eventId={event.id}
            call={SAVE_FORM}
            id={`${titleId}-rename`}
            variant="secondary"
            size="sm"
            aria-describedby={titleId}
            onClick={() => setRenaming(true)}
          >
            {t('console.eventForms.rename')}
          </PermittedButton>
        )}
        {limiting ? null : (
          <PermittedButton
            eventId={event.id}
            call={SAVE_FORM}
            id={`${titleId}-limits`}
            variant="secondary"
            size="sm"
            aria-describedby={titleId}
            onClick={() => setLimiting(true)}
          >
            {t('console.eventForms.limits.edit')}
          </PermittedButton>
        )}
        <PermittedButton
          eventId={event.id}
          call={SAVE_FORM}
          variant={form.open ? 'danger' : 'primary'}
          size="sm"
          busy={save.isPending}
          aria-describedby={titleId}
          onClick={() => save.mutate({ ...form, open: !form.open })}
        >
          {t(form.open ? 'console.eventForms.close' : 'console.eventForms.reopen')}
        </PermittedButton>
        {kind ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={questionsShown}
            aria-controls={`${titleId}-questions-panel`}
            aria-describedby={titleId}
            onClick={() => setQuestionsShown((shown) => !shown)}
          >
            {t('console.eventForms.questions.show', { count: questionCount })}
          </Button>
        ) : null}
        {/* a form people registered through is closed, not removed (the text below says why) */}
        {form.registrations !== undefined && form.registrations > 0 ? null : (
          <ConfirmDelete
            label={t('console.eventForms.removeLabel', { title: form.title })}
            title={t('console.eventForms.remove')}
            description={t('console.eventForms.removeConfirm', { title: form.title })}
            onConfirm={() => remove.mutate(form)}
          />
        )}
      </div>
      {form.registrations !== undefined && form.registrations > 0 ? (
        <p className="muted">{t('console.eventForms.inUse')}</p>
      ) : null}
      <ErrorAlert error={save.error ?? remove.error} />
      {kind && questionsShown ? (
        <div id={`${titleId}-questions-panel`}>
          <FormQuestions event={event} form={form} />
        </div>
      ) : null}
      {kind ? <KioskStart event={event} form={form} /> : null}
    </li>
  );
}
