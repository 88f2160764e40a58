import type { Organization } from '@evt/contracts/organizations';
import { organizationBody } from '@evt/contracts/organizations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ORGANIZATION_FIELDS, OrganizationFields } from '../../../components/organization-fields';
import { Dialog, DialogClose } from '../../../components/ui/dialog';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateOrganizationMutation } from '../api/create-organization';

const EMPTY = { name: '', description: '', website: '', email: '', phone: '', country: '' };

function CreateOrganizationForm({ onCreated }: { onCreated: (organization: Organization) => void }) {
  const { t } = useTranslation();
  const mutation = useCreateOrganizationMutation();
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useApiForm(organizationBody, { defaultValues: EMPTY, fields: ORGANIZATION_FIELDS });

  const onSubmit = submit((body, fail) => mutation.mutate(body, { onSuccess: onCreated, onError: fail }));

  return (
    <Form onSubmit={onSubmit} aria-label={t('home.create.title')}>
      <FormAlert messageKey={formError} />
      <OrganizationFields register={register} errors={errors} descriptionRows={3} autofill />
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
