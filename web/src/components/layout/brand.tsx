import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalePath } from '../../lib/locale-path';

export function Brand({ to = '/' }: { to?: string }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <Link to={lp(to)} className="brand">
      <span className="brand__mark" aria-hidden="true" />
      <span className="brand__name">{t('app.name')}</span>
    </Link>
  );
}
