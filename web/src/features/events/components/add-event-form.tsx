import { REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { kindOfFormCode } from '@evt/contracts/registration-forms';
import { type EventForm, eventFormBody } from '@evt/contracts/upstream-automation';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextField } from '../../../components/ui/form';
import { nameKey } from '../../../lib/i18n/keys';
import { useApiForm } from '../../../lib/use-api-form';
import { useAddEventFormMutation } from '../api/event-forms';

const addSchema = z.object({ kind: z.enum(REGISTRATION_KINDS), title: eventFormBody.shape.title });

/** Adds a form of any kind the event does not have yet: open, at the end of the list. */
export function AddEventForm({
  eventId,
  forms,
  announce,
}: {
  eventId: number;
  forms: readonly EventForm[];
  /** says the form was added, in the list's own live region */
  announce: (text: string) => void;
}) {
  const { t } = useTranslation();
  const add = useAddEventFormMutation(eventId);
  const taken = new Set(forms.map((f) => kindOfFormCode(f.kind)));
  const free = REGISTRATION_KINDS.filter((kind) => !taken.has(kind));
  const first = free[0];
  const { submit, formError, field, setValue, reset } = useApiForm(addSchema, {
    fields: ['kind', 'title'],
    defaultValues: { kind: first, title: first ? t(nameKey.formTitle(first)) : '' },
  });
  const kindField = field('kind');
  const onSubmit = submit((values, fail) =>
    add.mutate(values, {
      onSuccess: (saved) => {
        announce(t('console.eventForms.added', { title: saved.title }));
        const next = free.find((kind) => kind !== values.kind);
        reset({ kind: next, title: next ? t(nameKey.formTitle(next)) : '' });
      },
      onError: fail,
    }),
  );
  return (
    <section className="card" aria-labelledby="add-event-form">
      <h2 id="add-event-form" className="card__title">
        {t('console.eventForms.addTitle')}
      </h2>
      {first === undefined ? (
        <Alert tone="info">{t('console.eventForms.allKinds')}</Alert>
      ) : (
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
                setValue('title', t(nameKey.formTitle(event.target.value)));
              },
            }}
          />
          <TextField
            label={t('console.eventForms.addName')}
            hint={t('console.eventForms.addNameHint')}
            required
            {...field('title')}
          />
          <Button type="submit" busy={add.isPending}>
            {t('console.eventForms.addSubmit')}
          </Button>
        </Form>
      )}
    </section>
  );
}
