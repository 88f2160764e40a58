import { type Organization, organizationBody } from '@evt/contracts/organizations';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ORGANIZATION_FIELDS, OrganizationFields } from '../../../components/organization-fields';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateOrganizationMutation } from '../api/update-organization';

export function SettingsForm({ organization }: { organization: Organization }) {
  const { t } = useTranslation();
  const mutation = useUpdateOrganizationMutation(organization.id);
  const {
    register,
    submit,
    formError,
    formState: { errors },
  } = useApiForm(organizationBody, {
    fields: ORGANIZATION_FIELDS,
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
      <OrganizationFields register={register} errors={errors} descriptionRows={4} />
      <Button type="submit" busy={mutation.isPending}>
        {t('console.settings.save')}
      </Button>
    </Form>
  );
}
