import { resetPasswordBody } from '@evt/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/account-fields';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocalePath } from '../../../lib/locale-path';
import { useResetPasswordMutation } from '../api/reset-password';

/** Sets a new password with the code from the e-mailed link. */
export function ResetPasswordForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const mutation = useResetPasswordMutation();
  const { submit, formError, field } = useApiForm(resetPasswordBody, {
    defaultValues: { code, password: '', confirmPassword: '' },
    fields: ['password', 'confirmPassword'],
  });

  const onSubmit = submit((body, fail) => mutation.mutate(body, { onError: fail }));

  if (mutation.isSuccess) {
    return (
      <>
        <Alert tone="success" title={t('auth.reset.doneTitle')}>
          <p>{t('auth.reset.doneMessage')}</p>
        </Alert>
        <p className="auth-switch">
          <Link className="btn btn--primary" to={lp('/auth/login')}>
            {t('auth.reset.goToLogin')}
          </Link>
        </p>
      </>
    );
  }
  return (
    <>
      {formError ? (
        <Alert tone="error">
          <p>{t(formError)}</p>
          {formError === 'errors.invalidCode' ? (
            <p>
              <Link to={lp('/auth/forgot_password')}>{t('auth.reset.requestNewLink')}</Link>
            </p>
          ) : null}
        </Alert>
      ) : null}
      <Form onSubmit={onSubmit} aria-label={t('auth.reset.title')}>
        <NewPasswordFields
          label={t('auth.fields.newPassword')}
          hint={t('auth.fields.passwordHint')}
          password={field('password')}
          confirm={field('confirmPassword')}
        />
        <Button type="submit" busy={mutation.isPending} className="btn--block">
          {t('auth.reset.submit')}
        </Button>
      </Form>
    </>
  );
}
