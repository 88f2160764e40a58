import type { User } from '@evt/contracts/auth';
import { LOCALES } from '@evt/contracts/locale';
import { updateProfileBody } from '@evt/contracts/profile';
import { useTranslation } from 'react-i18next';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, SelectField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateProfileMutation } from '../api/update-profile';

const FIELDS = ['firstName', 'lastName', 'locale'] as const;

/** The user's own name and preferred language (the language of the product's mails). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const update = useUpdateProfileMutation();
  const { submit, formError, field } = useApiForm(updateProfileBody, {
    fields: FIELDS,
    defaultValues: { firstName: user.firstName, lastName: user.lastName, locale: user.locale ?? 'fr' },
  });
  const onSubmit = submit((values, fail) => update.mutate(values, { onError: fail }));
  return (
    <Form onSubmit={onSubmit} aria-labelledby="profile-edit" className="card">
      <h2 id="profile-edit" className="card__title">
        {t('profile.edit.title')}
      </h2>
      <FormAlert messageKey={formError} />
      {update.isSuccess && !formError ? <Alert tone="success">{t('profile.edit.saved')}</Alert> : null}
      <TextField label={t('auth.fields.firstName')} required {...field('firstName')} />
      <TextField label={t('auth.fields.lastName')} required {...field('lastName')} />
      <SelectField
        label={t('profile.language')}
        hint={t('profile.edit.languageHelp')}
        options={LOCALES.map((lng) => ({ value: lng, label: t(`layout.languages.${lng}`) }))}
        {...field('locale')}
      />
      <Button type="submit" busy={update.isPending}>
        {t('profile.edit.submit')}
      </Button>
    </Form>
  );
}
