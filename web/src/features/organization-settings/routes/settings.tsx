import { apiRoutes } from '@evt/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../auth/api/me';
import { ImageUpload } from '../components/image-upload';
import { SettingsForm } from '../components/settings-form';

/** `/organizations/settings`: the selected organisation's details and image. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { selection } = useSession();
  const id = selection.organizationId;
  useDocumentTitle(t('console.settings.title'));
  const query = useQuery({
    queryKey: ['organizations', 'detail', id ?? 0],
    queryFn: ({ signal }) => apiRequest(apiRoutes.organizations.get, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
  if (id === null) {
    return (
      <div className="page">
        <h1>{t('console.settings.title')}</h1>
        <p>
          <Link to={lp('/home')}>{t('events.chooseOrganization')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">{query.data?.name}</p>
          <h1>{t('console.settings.title')}</h1>
        </div>
      </div>
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <Alert tone="error">{t(errorMessageKey(query.error))}</Alert>
      ) : (
        <div className="dashboard__grid">
          <SettingsForm organization={query.data} />
          <ImageUpload organizationId={id} current={query.data.image} />
        </div>
      )}
    </div>
  );
}
