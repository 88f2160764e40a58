import { hasRole } from '@evt/contracts/roles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChooseOrganizationPage } from '../../../components/choose-organization-page';
import { QueryResult } from '../../../components/ui/query-result';
import { useOrganization } from '../../../lib/queries/organization';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../../lib/session/me';
import { ImageUpload } from '../components/image-upload';
import { CredentialsCard } from '../components/credentials-card';
import { PrivacyNoticeCard } from '../components/privacy-notice-form';
import { RetentionCard } from '../components/retention-form';
import { SettingsForm } from '../components/settings-form';

/** `/organizations/settings`: the selected organisation's details, image, data retention, privacy notice and
 * credentials. */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { selection } = useSession();
  const id = selection.organizationId;
  useDocumentTitle(t('console.settings.title'));
  const query = useOrganization(id);
  if (id === null) {
    return <ChooseOrganizationPage title={t('console.settings.title')} />;
  }
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">{query.data?.name}</p>
          <h1>{t('console.settings.title')}</h1>
        </div>
      </div>
      <QueryResult query={query}>
        {(organization) =>
          // a plain member is refused these changes by the server: the page does not offer them
          hasRole(organization.memberType, 'manager') ? (
            <div className="dashboard__grid">
              <SettingsForm organization={organization} />
              <ImageUpload organizationId={id} current={organization.image} />
              <RetentionCard organizationId={id} owner={hasRole(organization.memberType, 'owner')} />
              <PrivacyNoticeCard organizationId={id} />
              {/* secrets: owners only, as the BFF's routes are */}
              {hasRole(organization.memberType, 'owner') ? <CredentialsCard organizationId={id} /> : null}
              <p className="card">
                <Link to={lp('/organizations/rights')}>{t('rights.organization.link')}</Link>
              </p>
              {hasRole(organization.memberType, 'owner') ? (
                <p className="card">
                  <Link to={lp('/organizations/api-keys')}>{t('apiKeys.link')}</Link>
                  <br />
                  <Link to={lp('/organizations/webhooks')}>{t('webhooks.link')}</Link>
                </p>
              ) : null}
            </div>
          ) : (
            <p className="card">{t('console.settings.managersOnly')}</p>
          )
        }
      </QueryResult>
    </div>
  );
}
