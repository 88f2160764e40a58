import { DEFAULT_EVENT_TIME_ZONE } from '@evt/contracts/event-time-zone';
import { mainLocaleOf } from '@evt/contracts/locale';
import { REGISTRATION_KINDS } from '@evt/contracts/forms/kinds';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthenticatedLayout } from '../../../components/layout/authenticated-layout';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { messagesIn } from '../../../lib/i18n/i18n';
import { useLocalePath } from '../../../lib/locale-path';
import { useCreateEventMutation } from '../api/event-console';
import { nameKey } from '../../../lib/i18n/keys';
import {
  dayEnd,
  dayStart,
  datesInOrder,
  EVENT_FIELDS,
  EventFields,
  eventFieldsSchema,
  eventLanguagesOf,
  timeOrNull,
  timesInOrder,
} from '../components/event-fields';

const schema = eventFieldsSchema
  .extend({ status: z.enum(['draft', 'published']), forms: z.array(z.string()) })
  .refine(...datesInOrder)
  .refine(...timesInOrder);

/** `/events/add-{organizationId}`: a new event of that organisation, with the registration forms it opens. */
export function AddEventPage({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const create = useCreateEventMutation();
  useDocumentTitle(t('console.addEvent.title'));
  const { register, submit, formError, field, watch } = useApiForm(schema, {
    fields: EVENT_FIELDS,
    defaultValues: {
      name: '',
      startDate: '',
      endDate: '',
      startTime: '',
      endTime: '',
      timeZone: DEFAULT_EVENT_TIME_ZONE,
      venue: '',
      city: '',
      country: '',
      description: '',
      status: 'draft' as const,
      languages: ['fr' as const],
      mainLanguage: 'fr' as const,
      translations: {},
      forms: ['participant'],
    },
  });
  const onSubmit = submit(async (v, fail) => {
    // a form's default title is stored as its title in the event's main language: in that language
    const languages = eventLanguagesOf(v);
    const inMain = await messagesIn(mainLocaleOf(languages));
    create.mutate(
      {
        body: {
          organization: organizationId,
          name: v.name,
          startDate: dayStart(v.startDate),
          endDate: dayEnd(v.endDate),
          startTime: timeOrNull(v.startTime),
          endTime: timeOrNull(v.endTime),
          timeZone: v.timeZone,
          venue: v.venue,
          city: v.city,
          country: v.country.toUpperCase(),
          description: v.description,
          status: v.status,
          languages,
          translations: v.translations,
        },
        forms: v.forms.map((kind) => ({ kind, title: inMain(nameKey.formTitle(kind)) })),
      },
      {
        onSuccess: (event) => navigate(lp(`/events/dashboard-${event.id}`)),
        onError: fail,
      },
    );
  });
  return (
    <AuthenticatedLayout>
      <div className="page">
        <h1>{t('console.addEvent.title')}</h1>
        <Form onSubmit={onSubmit} aria-label={t('console.addEvent.title')} className="card">
          <FormAlert messageKey={formError} />
          <EventFields
            field={field}
            statuses={['draft', 'published']}
            chosenLanguages={watch('languages')}
            mainLanguage={watch('mainLanguage')}
          />
          <fieldset className="fieldset">
            <legend className="field__label">{t('console.addEvent.forms')}</legend>
            <div className="checkbox-grid">
              {REGISTRATION_KINDS.map((kind) => (
                <label key={kind} className="checkbox">
                  <input type="checkbox" value={kind} {...register('forms')} /> {t(nameKey.formTitle(kind))}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit" busy={create.isPending}>
            {t('console.addEvent.submit')}
          </Button>
        </Form>
      </div>
    </AuthenticatedLayout>
  );
}
