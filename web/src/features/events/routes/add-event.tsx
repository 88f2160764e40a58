import { REGISTRATION_KINDS } from '@evt/contracts/forms/kinds';
import { LOCALES } from '@evt/contracts/locale';
import { createEventBody } from '@evt/contracts/upstream-events';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AuthenticatedLayout } from '../../../components/layout/authenticated-layout';
import { CountryCodeField } from '../../../components/country-code-field';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextAreaField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useCreateEventMutation } from '../api/event-console';
import { contractKey, nameKey } from '../../../lib/i18n/keys';

// the limits are the contract's; the dates differ (date inputs here, datetimes in the body)
const fields = createEventBody.shape;
const schema = z
  .object({
    name: fields.name,
    startDate: z.string().min(1, { error: 'validation.datesRequired' }),
    endDate: z.string().min(1, { error: 'validation.datesRequired' }),
    venue: fields.venue,
    city: fields.city,
    country: fields.country,
    description: fields.description,
    status: z.enum(['draft', 'published']),
    languages: z.array(z.enum(LOCALES)).min(1, { error: 'validation.atLeastOne' }),
    forms: z.array(z.string()),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, {
    path: ['endDate'],
    error: 'validation.dateOrder',
  });
const FIELDS = [
  'name',
  'startDate',
  'endDate',
  'venue',
  'city',
  'country',
  'description',
  'languages',
] as const;

/** `/events/add-{organizationId}`: a new event of that organisation, with the registration forms it opens. */
export function AddEventPage({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const create = useCreateEventMutation();
  useDocumentTitle(t('console.addEvent.title'));
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useApiForm(schema, {
    fields: FIELDS,
    defaultValues: {
      name: '',
      startDate: '',
      endDate: '',
      venue: '',
      city: '',
      country: '',
      description: '',
      status: 'draft' as const,
      languages: ['fr' as const],
      forms: ['participant'],
    },
  });
  const onSubmit = submit((v, fail) => {
    create.mutate(
      {
        body: {
          organization: organizationId,
          name: v.name,
          // a day's event: from the start of the first day to the end of the last (UTC)
          startDate: `${v.startDate}T00:00:00Z`,
          endDate: `${v.endDate}T23:59:00Z`,
          venue: v.venue,
          city: v.city,
          country: v.country.toUpperCase(),
          description: v.description,
          status: v.status,
          languages: v.languages,
        },
        forms: v.forms.map((kind) => ({ kind, title: t(nameKey.formTitle(kind)) })),
      },
      {
        onSuccess: (event) => navigate(lp(`/events/dashboard-${event.id}`)),
        onError: fail,
      },
    );
  });
  const languagesError = errors.languages?.message;
  return (
    <AuthenticatedLayout>
      <div className="page">
        <h1>{t('console.addEvent.title')}</h1>
        <Form onSubmit={onSubmit} aria-label={t('console.addEvent.title')} className="card">
          <FormAlert messageKey={formError} />
          <TextField
            label={t('console.fields.name')}
            required
            registration={register('name')}
            error={errors.name}
          />
          <div className="form__row">
            <TextField
              label={t('console.addEvent.startDate')}
              type="date"
              required
              registration={register('startDate')}
              error={errors.startDate}
            />
            <TextField
              label={t('console.addEvent.endDate')}
              type="date"
              required
              registration={register('endDate')}
              error={errors.endDate}
            />
          </div>
          <div className="form__row">
            <TextField label={t('dashboard.venue')} registration={register('venue')} error={errors.venue} />
            <TextField
              label={t('console.addEvent.city')}
              registration={register('city')}
              error={errors.city}
            />
            <CountryCodeField registration={register('country')} error={errors.country} />
          </div>
          <TextAreaField
            label={t('console.fields.description')}
            rows={4}
            registration={register('description')}
            error={errors.description}
          />
          <SelectField
            label={t('console.addEvent.status')}
            options={[
              { value: 'draft', label: t('console.addEvent.statuses.draft') },
              { value: 'published', label: t('console.addEvent.statuses.published') },
            ]}
            registration={register('status')}
          />
          <fieldset className="fieldset" aria-describedby={languagesError ? 'languages-error' : undefined}>
            <legend className="field__label">{t('console.addEvent.languages')}</legend>
            {LOCALES.map((lng) => (
              <label key={lng} className="checkbox">
                <input type="checkbox" value={lng} {...register('languages')} />{' '}
                {t(`layout.languages.${lng}`)}
              </label>
            ))}
            {languagesError ? (
              <p id="languages-error" className="field__error" role="alert">
                {t(contractKey(languagesError, 'validation.invalidInput'))}
              </p>
            ) : null}
          </fieldset>
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
