import { safeReturnPath } from '@evt/contracts/access';
import { loginBody } from '@evt/contracts/auth';
import { LOCALE_COOKIE } from '@evt/contracts/constants';
import { localisePath, splitLocalePrefix } from '@evt/contracts/locale';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorCode } from '@evt/contracts/errors';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { isApiError } from '../../../lib/api-error';
import { Button } from '../../../components/ui/button';
import { CurrentPasswordField, EmailField } from '../../../components/account-fields';
import { Form } from '../../../components/ui/form';
import { readCookie } from '../../../lib/cookies';
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
  const { pathname } = useLocation();
  const { submit, formError, field } = useApiForm(loginBody, {
    defaultValues: { email: '', password: '' },
    fields: ['email', 'password'],
  });

  const onSubmit = submit((body, fail) => {
    login.mutate(body, {
      onSuccess: ({ user }) => {
        // no language chosen (the unprefixed default page, no language cookie): the console opens in the
        // profile's preferred language; a chosen one (/en, /jp, the cookie) is kept
        const chosen =
          splitLocalePrefix(pathname).locale !== undefined || readCookie(LOCALE_COOKIE) !== undefined;
        const home = !chosen && user.locale ? localisePath(user.locale, '/home') : lp('/home');
        navigate(safeReturnPath(params.get('redirect'), home), { replace: true });
      },
      onError: fail,
    });
  });

  // too many refused passwords for this account: the wait, in minutes (a delay that grows, not a ban)
  const delayed =
    isApiError(login.error) && login.error.code === errorCode.signInDelayed ? login.error : undefined;

  return (
    <>
      <AuthHeader title={t('auth.login.title')} lead={t('auth.login.lead')} />
      {delayed ? (
        <Alert tone="error">
          {t('auth.login.delayed', {
            count: Math.max(1, Math.ceil((delayed.retryAfterSeconds ?? 60) / 60)),
          })}
        </Alert>
      ) : (
        <FormAlert messageKey={formError} />
      )}
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
