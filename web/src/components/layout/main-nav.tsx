import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useLocalePath } from '../../lib/locale-path';

const ITEMS = [
  { to: '/home', key: 'layout.nav.home' },
  { to: '/events', key: 'layout.nav.events' },
  { to: '/members', key: 'layout.nav.members' },
  { to: '/organizations/settings', key: 'layout.nav.settings' },
  { to: '/profile', key: 'layout.nav.profile' },
] as const;

export function MainNav() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <nav className="main-nav" aria-label={t('layout.mainNav')}>
      <ul>
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink to={lp(item.to)} className="main-nav__link">
              {t(item.key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
