import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/locale-path';

/** The product's name and mark, a link home; `to={null}` shows it without a link (a kiosk's page). */
export function Brand({ to = '/' }: { to?: string | null }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const content = (
    <>
      <span className="brand__mark" aria-hidden="true" />
      <span className="brand__name">{t('app.name')}</span>
    </>
  );
  if (to === null) return <span className="brand">{content}</span>;
  return (
    <Link to={lp(to)} className="brand">
      {content}
    </Link>
  );
}
