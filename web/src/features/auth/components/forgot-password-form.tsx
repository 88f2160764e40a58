import { forgotPasswordBody } from '@evt/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/account-fields';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocale } from '../../../lib/locale-path';
import { useForgotPasswordMutation } from '../api/forgot-password';

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useForgotPasswordMutation();
  const { submit, formError, field } = useApiForm(forgotPasswordBody, {
    defaultValues: { email: '' },
    fields: ['email'],
  });

  const onSubmit = submit((body, fail) => mutation.mutate({ email: body.email, locale }, { onError: fail }));

  if (mutation.isSuccess) {
    return (
      <Alert tone="success" title={t('auth.forgot.sentTitle')}>
        <p>{t('auth.forgot.sentMessage')}</p>
      </Alert>
    );
  }
  return (
    <>
      <FormAlert messageKey={formError} />
      <Form onSubmit={onSubmit} aria-label={submitLabel}>
        <EmailField {...field('email')} />
        <Button type="submit" busy={mutation.isPending} className="btn--block">
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
