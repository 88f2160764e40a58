import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Detail } from '../../../components/ui/detail';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../../lib/session/me';
import { useLogout } from '../../../lib/session/use-logout';
import { ProfileForm } from '../components/profile-form';

export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { user } = useSession();
  const { logout, pending } = useLogout();
  const formatDate = useDateFormatter({ dateStyle: 'long' });
  useDocumentTitle(t('profile.title'));
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('profile.title')}</h1>
      </div>
      <div className="dashboard__grid">
        <section className="card" aria-labelledby="profile-details">
          <h2 id="profile-details" className="card__title">
            {t('profile.details')}
          </h2>
          <dl className="details">
            <Detail label={t('auth.fields.firstName')}>{user.firstName}</Detail>
            <Detail label={t('auth.fields.lastName')}>{user.lastName}</Detail>
            <Detail label={t('auth.fields.email')}>
              {user.email}{' '}
              <span className={`badge ${user.emailVerified ? 'badge--success' : 'badge--warning'}`}>
                {user.emailVerified ? t('profile.verified') : t('profile.notVerified')}
              </span>
            </Detail>
            <Detail label={t('profile.language')}>
              {user.locale ? t(`layout.languages.${user.locale}`) : t('common.notProvided')}
            </Detail>
            <Detail label={t('profile.memberSince')}>{formatDate(user.createdAt)}</Detail>
          </dl>
        </section>
        <ProfileForm user={user} />
        <section className="card" aria-labelledby="profile-security">
          <h2 id="profile-security" className="card__title">
            {t('profile.security')}
          </h2>
          <p>{t('profile.passwordHelp')}</p>
          <p>
            <Link className="btn btn--secondary" to={lp('/auth/change_password')}>
              {t('profile.changePassword')}
            </Link>
          </p>
          <p>{t('profile.signOutHelp')}</p>
          <Button variant="danger" onClick={logout} busy={pending}>
            {t('layout.logout')}
          </Button>
        </section>
        <section className="card" aria-labelledby="profile-b2b">
          <h2 id="profile-b2b" className="card__title">
            {t('b2b.ownProfile.title')}
          </h2>
          <p>{t('b2b.ownProfile.teaser')}</p>
          <p>
            <Link to={lp('/profile/b2b')}>{t('b2b.ownProfile.see')}</Link>
          </p>
        </section>
      </div>
    </div>
  );
}
