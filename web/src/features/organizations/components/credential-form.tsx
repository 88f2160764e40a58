import { CREDENTIAL_VALUE_MAX, credentialBody } from '@evt/contracts/organization-credentials';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextField } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useSetCredential } from '../api/credentials';

/** Which credential the owner chose to replace, and when (choosing the same one again refocuses). */
export interface ReplaceTarget {
  name: string;
  at: number;
}

/**
 * Sets a credential, or replaces the value of one of the same name. The value is typed into a password
 * field and emptied once saved: the page never holds it longer than the request.
 */
export function CredentialForm({
  organizationId,
  replace,
}: {
  organizationId: number;
  replace?: ReplaceTarget;
}) {
  const { t } = useTranslation();
  const mutation = useSetCredential(organizationId);
  const { submit, formError, field, setValue, setFocus, resetField } = useApiForm(credentialBody, {
    fields: ['name', 'value'],
    defaultValues: { name: '', value: '' },
  });
  useEffect(() => {
    if (!replace) return;
    setValue('name', replace.name);
    setFocus('value');
  }, [replace, setValue, setFocus]);
  const name = field('name');
  const value = field('value');
  return (
    <Form
      onSubmit={submit((body, fail) =>
        mutation.mutate(body, { onError: fail, onSuccess: () => resetField('value') }),
      )}
      aria-label={t('console.credentials.formTitle')}
    >
      <h3>{t('console.credentials.formTitle')}</h3>
      <FormAlert messageKey={formError} />
      {mutation.isSuccess ? (
        <p role="status" className="upload__done">
          {t('console.credentials.saved', { name: mutation.variables.name })}
        </p>
      ) : null}
      <TextField
        label={t('console.credentials.name')}
        hint={t('console.credentials.nameHint')}
        autoComplete="off"
        spellCheck={false}
        maxLength={64}
        required
        registration={name.registration}
        error={name.error}
      />
      <TextField
        label={t('console.credentials.value')}
        hint={t('console.credentials.valueHint')}
        type="password"
        autoComplete="new-password"
        maxLength={CREDENTIAL_VALUE_MAX}
        required
        registration={value.registration}
        error={value.error}
      />
      <Button type="submit" busy={mutation.isPending}>
        {t('console.credentials.save')}
      </Button>
    </Form>
  );
}
