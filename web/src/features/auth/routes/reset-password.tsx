import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useLocalePath } from '../../../lib/locale-path';
import { AuthHeader } from '../components/auth-header';
import { ResetPasswordForm } from '../components/reset-password-form';

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const [params] = useSearchParams();
  const code = params.get('code');
  return (
    <>
      <AuthHeader title={t('auth.reset.title')} lead={code ? t('auth.reset.lead') : undefined} />
      {code ? (
        <ResetPasswordForm code={code} />
      ) : (
        <Alert tone="error" title={t('auth.reset.missingCodeTitle')}>
          <p>{t('auth.reset.missingCode')}</p>
          <p>
            <Link to={lp('/auth/forgot_password')}>{t('auth.reset.requestNewLink')}</Link>
          </p>
        </Alert>
      )}
    </>
  );
}
