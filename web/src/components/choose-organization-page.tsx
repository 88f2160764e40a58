import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../lib/locale-path';

/** What an organisation's page shows before one is selected: its title and the way to choose one. */
export function ChooseOrganizationPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>
        <Link to={lp('/home')}>{t('events.chooseOrganization')}</Link>
      </p>
    </div>
  );
}
