import { type Organization, organizationBody } from '@evt/contracts/organizations';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { handleFormError } from '../../../lib/handle-form-error';
import { useUpdateOrganizationMutation } from '../api/update-organization';

const FIELDS = ['name', 'description', 'website', 'email', 'phone', 'country'] as const;

export function SettingsForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const mutation = useUpdateOrganizationMutation(organization.id);
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(organizationBody),
    defaultValues: {
      name: organization.name,
      description: organization.description,
      website: organization.website,
      email: organization.email,
      phone: organization.phone,
      country: organization.country,
    },
  });
  const onSubmit = handleSubmit((body) => {
    setFormError(undefined);
    mutation.mutate(body, { onError: (error) => setFormError(handleFormError(error, setError, FIELDS)) });
  });
  return (
    <Form onSubmit={onSubmit} aria-label={t('console.settings.formTitle')} className="card">
      {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
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
