import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OwnerPage } from '../../../components/owner-page';
import { ErrorAlert } from '../../../components/ui/alert';
import { ShownOnce } from '../../../components/ui/shown-once';
import { Spinner } from '../../../components/ui/spinner';
import { useLocalePath } from '../../../lib/locale-path';
import { apiKeysQuery, useRevokeApiKey } from '../api/api-keys';
import { ApiKeyTable } from '../components/api-key-table';
import { CreateKeyForm } from '../components/create-key-form';

/** `/organizations/api-keys`: the selected organisation's API keys, for its owners. */
export function Component() {
  const { t } = useTranslation();
  return (
    <OwnerPage title={t('apiKeys.title')} ownersOnly={t('apiKeys.ownersOnly')}>
      {(organizationId) => <OwnerView organizationId={organizationId} />}
    </OwnerPage>
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
      {created ? (
        <ShownOnce
          value={created}
          warning={t('apiKeys.shownOnce')}
          copyLabel={t('apiKeys.copy')}
          copiedLabel={t('apiKeys.copied')}
          doneLabel={t('apiKeys.done')}
          onDone={() => setCreated(null)}
        />
      ) : null}
      <section className="card">
        <CreateKeyForm organizationId={organizationId} onCreated={setCreated} />
      </section>
    </div>
  );
}
