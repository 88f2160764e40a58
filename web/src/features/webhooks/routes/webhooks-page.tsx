import '../webhooks.css';
import type { WebhookEndpoint } from '@evt/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnerPage } from '../../../components/owner-page';
import { ErrorAlert } from '../../../components/ui/alert';
import { ShownOnce } from '../../../components/ui/shown-once';
import { Spinner } from '../../../components/ui/spinner';
import {
  usePingWebhook,
  useRemoveWebhook,
  useRotateWebhookSecret,
  useUpdateWebhook,
  webhooksQuery,
} from '../api/webhooks';
import { CreateEndpointForm } from '../components/create-endpoint-form';
import { DeliveryLog } from '../components/delivery-log';
import { type EndpointAction, EndpointList } from '../components/endpoint-list';

/** `/organizations/webhooks`: the selected organisation's webhook endpoints and their deliveries, for its owners. */
export function Component() {
  const { t } = useTranslation();
  return (
    <OwnerPage title={t('webhooks.title')} ownersOnly={t('webhooks.ownersOnly')}>
      {(organizationId) => <OwnerView organizationId={organizationId} />}
    </OwnerPage>
  );
}

function OwnerView({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const endpoints = useQuery(webhooksQuery(organizationId));
  const update = useUpdateWebhook(organizationId);
  const remove = useRemoveWebhook(organizationId);
  const rotate = useRotateWebhookSecret(organizationId);
  const ping = usePingWebhook(organizationId);
  // a new secret lives here only, until the owner puts it away
  const [secret, setSecret] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [said, setSaid] = useState<string>('');
  const act = (endpoint: WebhookEndpoint, action: EndpointAction) => {
    setSaid('');
    if (action === 'deliveries') setSelected(endpoint.id);
    if (action === 'ping')
      ping.mutate(endpoint.id, {
        onSuccess: () => {
          setSelected(endpoint.id);
          setSaid(t('webhooks.pinged'));
        },
      });
    if (action === 'toggle') update.mutate({ endpointId: endpoint.id, body: { enabled: !endpoint.enabled } });
    if (action === 'rotate') rotate.mutate(endpoint.id, { onSuccess: (answer) => setSecret(answer.secret) });
    if (action === 'remove')
      remove.mutate(endpoint.id, {
        onSuccess: () => {
          if (selected === endpoint.id) setSelected(null);
          setSaid(t('webhooks.removed'));
        },
      });
  };
  const shown = endpoints.data?.data.find((endpoint) => endpoint.id === selected) ?? null;
  return (
    <div className="dashboard__grid">
      <section className="card" aria-labelledby="webhooks-list">
        <h2 id="webhooks-list">{t('webhooks.title')}</h2>
        <p className="field__hint">{t('webhooks.intro')}</p>
        <ErrorAlert error={endpoints.error ?? update.error ?? remove.error ?? rotate.error ?? ping.error} />
        <p role="status">{said}</p>
        {endpoints.isPending ? <Spinner label={t('common.loading')} /> : null}
        {endpoints.data && endpoints.data.data.length === 0 ? <p>{t('webhooks.empty')}</p> : null}
        {endpoints.data && endpoints.data.data.length > 0 ? (
          <EndpointList endpoints={endpoints.data.data} selected={selected} onAction={act} />
        ) : null}
        <p className="field__hint">{t('webhooks.signing')}</p>
      </section>
      {secret ? (
        <ShownOnce
          value={secret}
          warning={t('webhooks.secretOnce')}
          copyLabel={t('webhooks.copy')}
          copiedLabel={t('webhooks.copied')}
          doneLabel={t('webhooks.done')}
          onDone={() => setSecret(null)}
        />
      ) : null}
      {shown ? <DeliveryLog organizationId={organizationId} endpoint={shown} /> : null}
      <section className="card">
        <CreateEndpointForm organizationId={organizationId} onCreated={setSecret} />
      </section>
    </div>
  );
}
