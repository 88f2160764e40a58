import { REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { kindOfFormCode } from '@evt/contracts/registration-forms';
import { type EventForm, eventFormBody } from '@evt/contracts/upstream-automation';
import { type Locale, mainLocaleOf } from '@evt/contracts/locale';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextField } from '../../../components/ui/form';
import { messagesIn } from '../../../lib/i18n/i18n';
import { nameKey } from '../../../lib/i18n/keys';
import { useApiForm } from '../../../lib/use-api-form';
import { useAddEventFormMutation } from '../api/event-forms';

const addSchema = z.object({ kind: z.enum(REGISTRATION_KINDS), title: eventFormBody.shape.title });

/** Adds a form of any kind the event does not have yet: open, at the end of the list. */
export function AddEventForm({
  eventId,
  languages,
  forms,
  announce,
}: {
  eventId: number;
  languages: readonly Locale[];
  forms: readonly EventForm[];
  /** says the form was added, in the list's own live region */
  announce: (text: string) => void;
}) {
  const { t } = useTranslation();
  // a form's default title is stored as its title in the event's main language, as at the event's creation
  const main = mainLocaleOf(languages);
  const inMain = useQuery({
    queryKey: ['messages', main],
    queryFn: () => messagesIn(main),
    staleTime: Infinity,
  });
  const taken = new Set(forms.map((f) => kindOfFormCode(f.kind)));
  const free = REGISTRATION_KINDS.filter((kind) => !taken.has(kind));
  return (
    <section className="card" aria-labelledby="add-event-form">
      <h2 id="add-event-form" className="card__title">
        {t('console.eventForms.addTitle')}
      </h2>
      {free[0] === undefined ? (
        <Alert tone="info">{t('console.eventForms.allKinds')}</Alert>
      ) : inMain.data ? (
        <AddForm eventId={eventId} free={free} main={main} inMain={inMain.data} announce={announce} />
      ) : null}
    </section>
  );
}

function AddForm({
  eventId,
  free,
  main,
  inMain,
  announce,
}: {
  eventId: number;
  free: readonly RegistrationKind[];
  main: Locale;
  inMain: TFunction;
  announce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const add = useAddEventFormMutation(eventId);
  const titleOf = (kind: string) => inMain(nameKey.formTitle(kind));
  const first = free[0];
  const { submit, formError, field, setValue, reset } = useApiForm(addSchema, {
    fields: ['kind', 'title'],
    defaultValues: { kind: first, title: first ? titleOf(first) : '' },
  });
  const kindField = field('kind');
  const onSubmit = submit((values, fail) =>
    add.mutate(values, {
      onSuccess: (saved) => {
        announce(t('console.eventForms.added', { title: saved.title }));
        const next = free.find((kind) => kind !== values.kind);
        reset({ kind: next, title: next ? titleOf(next) : '' });
      },
      onError: fail,
    }),
  );
  return (
    <Form onSubmit={onSubmit} aria-labelledby="add-event-form">
      <FormAlert messageKey={formError} />
      <SelectField
        label={t('console.eventForms.addKind')}
        required
        options={free.map((kind: RegistrationKind) => ({
          value: kind,
          label: t(nameKey.formTitle(kind)),
        }))}
        {...kindField}
        registration={{
          ...kindField.registration,
          // the name follows the kind chosen
          onChange: async (event) => {
            await kindField.registration.onChange(event);
            setValue('title', titleOf(event.target.value));
          },
        }}
      />
      <TextField
        lang={main}
        label={t('console.eventForms.addName')}
        hint={t('console.eventForms.addNameHint')}
        required
        {...field('title')}
      />
      <Button type="submit" busy={add.isPending}>
        {t('console.eventForms.addSubmit')}
      </Button>
    </Form>
  );
}
