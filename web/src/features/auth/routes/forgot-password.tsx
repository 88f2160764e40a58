import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../../lib/locale-path';
import { AuthHeader } from '../components/auth-header';
import { ForgotPasswordForm } from '../components/forgot-password-form';

/** Both /auth/forgot_password and /forgot-password. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <>
      <AuthHeader title={t('auth.forgot.title')} lead={t('auth.forgot.lead')} />
      <ForgotPasswordForm submitLabel={t('auth.forgot.submit')} />
      <p className="auth-switch">
        <Link to={lp('/auth/login')}>{t('auth.forgot.backToLogin')}</Link>
      </p>
    </>
  );
}
