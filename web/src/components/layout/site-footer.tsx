import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/locale-path';

const LINKS = ['about', 'contact', 'privacy', 'terms'] as const;

export function SiteFooter() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <footer className="site-footer">
      <nav aria-label={t('layout.footerNav')}>
        <ul className="site-footer__links">
          {LINKS.map((link) => (
            <li key={link}>
              <Link to={lp(`/${link}`)}>{t(`layout.footer.${link}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="site-footer__note">{t('layout.footer.note')}</p>
    </footer>
  );
}
