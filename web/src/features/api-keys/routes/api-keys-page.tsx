import { hasRole } from '@evt/contracts/roles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChooseOrganizationPage } from '../../../components/choose-organization-page';
import { ErrorAlert } from '../../../components/ui/alert';
import { QueryResult } from '../../../components/ui/query-result';
import { Spinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useOrganization } from '../../../lib/queries/organization';
import { useSession } from '../../../lib/session/me';
import { apiKeysQuery, useRevokeApiKey } from '../api/api-keys';
import { ApiKeyTable } from '../components/api-key-table';
import { CreatedKey } from '../components/created-key';
import { CreateKeyForm } from '../components/create-key-form';

/** `/organizations/api-keys`: the selected organisation's API keys, for its owners. */
export function Component() {
  const { t } = useTranslation();
  const { selection } = useSession();
  const id = selection.organizationId;
  useDocumentTitle(t('apiKeys.title'));
  const query = useOrganization(id);
  if (id === null) return <ChooseOrganizationPage title={t('apiKeys.title')} />;
  return (
    <div className="page">
      <div className="page__header">
        <div>
          <p className="page__eyebrow">{query.data?.name}</p>
          <h1>{t('apiKeys.title')}</h1>
        </div>
      </div>
      <QueryResult query={query}>
        {(organization) =>
          hasRole(organization.memberType, 'owner') ? (
            <OwnerView organizationId={id} />
          ) : (
            <p className="card">{t('apiKeys.ownersOnly')}</p>
          )
        }
      </QueryResult>
    </div>
  );
}

function OwnerView({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const keys = useQuery(apiKeysQuery(organizationId));
  const revoke = useRevokeApiKey(organizationId);
  // the new key lives here only, until the owner puts it away
  const [created, setCreated] = useState<string | null>(null);
  return (
    <div className="dashboard__grid">
      <section className="card" aria-labelledby="api-keys-list">
        <h2 id="api-keys-list">{t('apiKeys.title')}</h2>
        <p className="field__hint">{t('apiKeys.intro')}</p>
        <p>
          <Link to={lp('/organizations/api')}>{t('apiKeys.docs.title')}</Link>
        </p>
        <ErrorAlert error={keys.error ?? revoke.error} />
        {revoke.isSuccess ? <p role="status">{t('apiKeys.revoked')}</p> : null}
        {keys.isPending ? <Spinner label={t('common.loading')} /> : null}
        {keys.data && keys.data.data.length === 0 ? <p>{t('apiKeys.empty')}</p> : null}
        {keys.data && keys.data.data.length > 0 ? (
          <ApiKeyTable keys={keys.data.data} onRevoke={(key) => revoke.mutate(key.id)} />
        ) : null}
      </section>
      {created ? <CreatedKey value={created} onDone={() => setCreated(null)} /> : null}
      <section className="card">
        <CreateKeyForm organizationId={organizationId} onCreated={setCreated} />
      </section>
    </div>
  );
}
