import { API_KEY_NAME_MAX, API_KEY_SCOPES, createApiKeyBody } from '@evt/contracts/api-keys';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckboxGroupField, Form, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useCreateApiKey } from '../api/api-keys';
import { SCOPE_TEXT } from './scope-text';

/** Makes a named key with its scopes; the new key goes to `onCreated`, to be shown once. */
export function CreateKeyForm({
  organizationId,
  onCreated,
}: {
  organizationId: number;
  onCreated: (key: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useCreateApiKey(organizationId);
  const { submit, formError, field, register, reset } = useApiForm(createApiKeyBody, {
    fields: ['name', 'scopes'],
    defaultValues: { name: '', scopes: [] },
  });
  const name = field('name');
  return (
    <Form
      onSubmit={submit((body, fail) =>
        mutation.mutate(body, {
          onError: fail,
          onSuccess: (created) => {
            reset();
            onCreated(created.key);
          },
        }),
      )}
      aria-label={t('apiKeys.create')}
    >
      <h2>{t('apiKeys.create')}</h2>
      <FormAlert messageKey={formError} />
      <TextField
        label={t('apiKeys.name')}
        autoComplete="off"
        maxLength={API_KEY_NAME_MAX}
        required
        registration={name.registration}
        error={name.error}
      />
      <CheckboxGroupField
        legend={t('apiKeys.scopesLabel')}
        registration={register('scopes')}
        error={field('scopes').error}
        options={API_KEY_SCOPES.map((scope) => ({ value: scope, label: t(SCOPE_TEXT[scope]) }))}
      />
      <Button type="submit" busy={mutation.isPending}>
        {mutation.isPending ? t('apiKeys.creating') : t('apiKeys.create')}
      </Button>
    </Form>
  );
}
