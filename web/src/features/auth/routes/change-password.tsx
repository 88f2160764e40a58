import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useLocalePath } from '../../../lib/locale-path';
import { AuthHeader } from '../components/auth-header';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { ResetPasswordForm } from '../components/reset-password-form';

/**
 * The upstream changes a password only through an e-mailed code (PUT /user/newPassword/{code}): with a
 * code this is the reset form; without one, the page explains and sends the link.
 */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const [params] = useSearchParams();
  const code = params.get('code');
  if (code) {
    return (
      <>
        <AuthHeader title={t('auth.change.title')} lead={t('auth.reset.lead')} />
        <ResetPasswordForm code={code} />
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('auth.change.title')} lead={t('auth.change.explain')} />
      <ForgotPasswordForm submitLabel={t('auth.change.sendLink')} />
      <p className="auth-switch">
        <Link to={lp('/profile')}>{t('auth.change.backToProfile')}</Link>
      </p>
    </>
  );
}
