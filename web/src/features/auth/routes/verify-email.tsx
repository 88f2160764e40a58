import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessageKey } from '../../../lib/api-error';
import { useLocalePath } from '../../../lib/locale-path';
import { useVerifyEmailMutation } from '../api/verify-email';
import { AuthHeader } from '../components/auth-header';

/** Confirms the address as soon as the page opens with the code from the e-mail. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const [params] = useSearchParams();
  const code = params.get('code');
  const mutation = useVerifyEmailMutation();
  const started = useRef(false);
  const { mutate } = mutation;

  useEffect(() => {
    // once only, even under StrictMode's double effects: a code can be used a single time
    if (!code || started.current) return;
    started.current = true;
    mutate(code);
  }, [code, mutate]);

  const loginLink = (
    <p className="auth-switch">
      <Link className="btn btn--primary" to={lp('/auth/login')}>
        {t('auth.verify.goToLogin')}
      </Link>
    </p>
  );

  return (
    <>
      <AuthHeader title={t('auth.verify.title')} />
      {!code ? (
        <Alert tone="info">
          <p>{t('auth.verify.missingCode')}</p>
        </Alert>
      ) : mutation.isSuccess ? (
        <Alert tone="success" title={t('auth.verify.doneTitle')}>
          <p>{t('auth.verify.doneMessage')}</p>
        </Alert>
      ) : mutation.isError ? (
        <Alert tone="error" title={t('auth.verify.failedTitle')}>
          <p>{t(errorMessageKey(mutation.error))}</p>
          <p>{t('auth.verify.failedHelp')}</p>
        </Alert>
      ) : (
        <Spinner label={t('auth.verify.checking')} />
      )}
      {mutation.isPending ? null : loginLink}
    </>
  );
}
