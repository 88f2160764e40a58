import { forgotPasswordBody } from '@evt/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Form, TextField } from '../../../components/ui/form';
import { handleFormError } from '../../../lib/handle-form-error';
import { useLocale } from '../../../lib/locale-path';
import { useForgotPasswordMutation } from '../api/forgot-password';

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mutation = useForgotPasswordMutation();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((body) => {
    setFormError(undefined);
    mutation.mutate(
      { email: body.email, locale },
      { onError: (error) => setFormError(handleFormError(error, setError, ['email'])) },
    );
  });

  if (mutation.isSuccess) {
    return (
      <Alert tone="success" title={t('auth.forgot.sentTitle')}>
        <p>{t('auth.forgot.sentMessage')}</p>
      </Alert>
    );
  }
  return (
    <>
      {formError ? <Alert tone="error">{t(formError)}</Alert> : null}
      <Form onSubmit={onSubmit} aria-label={submitLabel}>
        <TextField
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          registration={register('email')}
          error={errors.email}
        />
        <Button type="submit" busy={mutation.isPending} className="btn--block">
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
