import { safeReturnPath } from '@evt/contracts/access';
import { loginBody } from '@evt/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CurrentPasswordField, EmailField } from '../../../components/account-fields';
import { Form } from '../../../components/ui/form';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocalePath } from '../../../lib/locale-path';
import { useLoginMutation } from '../../../lib/session/login';
import { AuthHeader } from '../components/auth-header';

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLoginMutation();
  const { submit, formError, field } = useApiForm(loginBody, {
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
  });

  const onSubmit = submit((body, fail) => {
    login.mutate(body, {
      onSuccess: () => navigate(safeReturnPath(params.get('redirect'), lp('/home')), { replace: true }),
      onError: fail,
    });
  });

  return (
    <>
      <AuthHeader title={t('auth.login.title')} lead={t('auth.login.lead')} />
      <FormAlert messageKey={formError} />
      <Form onSubmit={onSubmit} aria-label={t('auth.login.title')}>
        <EmailField {...field('email')} />
        <CurrentPasswordField {...field('password')} />
        <p className="form__aside">
          <Link to={lp('/auth/forgot_password')}>{t('auth.login.forgotPassword')}</Link>
        </p>
        <Button type="submit" busy={login.isPending} className="btn--block">
          {t('auth.login.submit')}
        </Button>
      </Form>
      <p className="auth-switch">
        {t('auth.login.noAccount')} <Link to={lp('/auth/register')}>{t('auth.login.registerLink')}</Link>
      </p>
    </>
  );
}
