import type { Organization } from '@evt/contracts/organizations';
import { organizationBody } from '@evt/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Form, TextAreaField, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateOrganizationMutation } from '../api/create-organization';

const FIELDS = ['name', 'description', 'website', 'email', 'phone', 'country'] as const;
const EMPTY = { name: '', description: '', website: '', email: '', phone: '', country: '' };

function CreateOrganizationForm({ onCreated }: { onCreated: (organization: Organization) => void }) {
  const { t } = useTranslation();
  const mutation = useCreateOrganizationMutation();
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useApiForm(organizationBody, { defaultValues: EMPTY, fields: FIELDS });

  const onSubmit = submit((body, fail) => mutation.mutate(body, { onSuccess: onCreated, onError: fail }));

  return (
    <Form onSubmit={onSubmit} aria-label={t('home.create.title')}>
      <FormAlert messageKey={formError} />
      <TextField
        label={t('home.create.name')}
        required
        autoComplete="organization"
        registration={register('name')}
        error={errors.name}
      />
      <TextAreaField
        label={t('home.create.description')}
        rows={3}
        registration={register('description')}
        error={errors.description}
      />
      <div className="form__row">
        <TextField
          label={t('home.create.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={errors.email}
        />
        <TextField
          label={t('home.create.phone')}
          type="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={errors.phone}
        />
      </div>
      <div className="form__row">
        <TextField
          label={t('home.create.website')}
          type="url"
          autoComplete="url"
          registration={register('website')}
          error={errors.website}
        />
        <TextField
          label={t('home.create.country')}
          hint={t('home.create.countryHint')}
          autoComplete="country"
          maxLength={2}
          registration={register('country')}
          error={errors.country}
        />
      </div>
      <div className="dialog__actions">
        <DialogClose asChild>
          <Button variant="ghost">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" busy={mutation.isPending}>
          {t('home.create.submit')}
        </Button>
      </div>
    </Form>
  );
}

export function CreateOrganizationDialog({ onCreated }: { onCreated: (organization: Organization) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t('home.create.title')}
      description={t('home.create.help')}
      trigger={<Button>{t('home.createOrganization')}</Button>}
    >
      {open ? (
        <CreateOrganizationForm
          onCreated={(organization) => {
            setOpen(false);
            onCreated(organization);
          }}
        />
      ) : null}
    </Dialog>
  );
}
