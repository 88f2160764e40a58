import { type Organization, organizationBody } from '@evt/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateOrganizationMutation } from '../api/update-organization';

const FIELDS = ['name', 'description', 'website', 'email', 'phone', 'country'] as const;

export function SettingsForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const mutation = useUpdateOrganizationMutation(organization.id);
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useApiForm(organizationBody, {
    fields: FIELDS,
    defaultValues: {
      name: organization.name,
      description: organization.description,
      website: organization.website,
      email: organization.email,
      phone: organization.phone,
      country: organization.country,
    },
  });
  const onSubmit = submit((body, fail) => mutation.mutate(body, { onError: fail }));
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.settings.formTitle')} className="card">
      <FormAlert messageKey={formError} />
      {mutation.isSuccess ? (
        <p role="status" className="upload__done">
          {t('console.settings.saved')}
        </p>
      ) : null}
      <TextField label={t('home.create.name')} required registration={register('name')} error={errors.name} />
      <TextAreaField
        label={t('home.create.description')}
        rows={4}
        registration={register('description')}
        error={errors.description}
      />
      <div className="form__row">
        <TextField
          label={t('home.create.email')}
          type="email"
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label={t('home.create.phone')}
          type="tel"
          registration={register('phone')}
          error={errors.phone}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('home.create.website')}
          type="url"
          registration={register('website')}
          error={errors.website}
        />
        <TextField
          label={t('home.create.country')}
          hint={t('home.create.countryHint')}
          maxLength={2}
          registration={register('country')}
          error={errors.country}
        />
      </div>
      <Button type="submit" busy={mutation.isPending}>
        {t('console.settings.save')}
      </Button>
    </Form>
  );
}
