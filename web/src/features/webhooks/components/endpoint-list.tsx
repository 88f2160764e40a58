import type { WebhookEndpoint } from '@evt/contracts/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDateFormatter } from '../../../lib/format';
import { EVENT_TEXT } from './event-text';

export type EndpointAction = 'deliveries' | 'ping' | 'toggle' | 'rotate' | 'remove';

/**
 * The organisation's endpoints, one block each (an address is too long for a phone's table row): the
 * address and description, the events, active or paused with the last day's counts, and the actions.
 * A new secret and a deletion are asked first.
 */
export function EndpointList({
  endpoints,
  selected,
  onAction,
}: {
  endpoints: readonly WebhookEndpoint[];
  selected: number | null;
  onAction: (endpoint: WebhookEndpoint, action: EndpointAction) => void;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
  const [asking, setAsking] = useState<{ endpoint: WebhookEndpoint; action: 'rotate' | 'remove' } | null>(
    null,
  );
  return (
    <>
      <ul className="webhook-list">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="webhook-endpoint">
            <h3 className="webhook-endpoint__url">{endpoint.url}</h3>
            {endpoint.description ? <p>{endpoint.description}</p> : null}
            <p>
              <strong>{t('webhooks.eventsLabel')}</strong>{' '}
              {endpoint.events.map((type) => t(EVENT_TEXT[type])).join(', ')}
            </p>
            <p>
              <strong>{t('webhooks.status')}</strong>{' '}
              {endpoint.enabled ? t('webhooks.enabled') : t('webhooks.disabled')} —{' '}
              {t('webhooks.recentCounts', endpoint.recent)}
            </p>
            {endpoint.previousSecretUntil ? (
              <p className="field__hint">
                {t('webhooks.rotating', { date: formatDate(endpoint.previousSecretUntil) })}
              </p>
            ) : null}
            <div className="webhook-actions">
              <ActionButton
                label={t('webhooks.showDeliveries')}
                url={endpoint.url}
                variant={selected === endpoint.id ? 'primary' : 'secondary'}
                aria-pressed={selected === endpoint.id}
                onClick={() => onAction(endpoint, 'deliveries')}
              />
              <ActionButton
                label={t('webhooks.ping')}
                url={endpoint.url}
                onClick={() => onAction(endpoint, 'ping')}
              />
              <ActionButton
                label={endpoint.enabled ? t('webhooks.pause') : t('webhooks.resume')}
                url={endpoint.url}
                onClick={() => onAction(endpoint, 'toggle')}
              />
              <ActionButton
                label={t('webhooks.rotate')}
                url={endpoint.url}
                variant="ghost"
                onClick={() => setAsking({ endpoint, action: 'rotate' })}
              />
              <ActionButton
                label={t('webhooks.remove')}
                url={endpoint.url}
                variant="ghost"
                onClick={() => setAsking({ endpoint, action: 'remove' })}
              />
            </div>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking?.action === 'rotate' ? t('webhooks.rotate') : t('webhooks.remove')}
        description={t(asking?.action === 'rotate' ? 'webhooks.rotateConfirm' : 'webhooks.removeConfirm', {
          url: asking?.endpoint.url ?? '',
        })}
        confirmLabel={asking?.action === 'rotate' ? t('webhooks.rotate') : t('webhooks.remove')}
        tone={asking?.action === 'rotate' ? 'primary' : 'danger'}
        onConfirm={() => {
          if (asking) onAction(asking.endpoint, asking.action);
          setAsking(null);
        }}
      />
    </>
  );
}

/** An endpoint's action, named for assistive tech with the endpoint's address. */
function ActionButton({
  label,
  url,
  variant = 'secondary',
  ...rest
}: { label: string; url: string } & ButtonProps) {
  return (
    <Button size="sm" variant={variant} {...rest}>
      {label}
      <span className="sr-only"> {url}</span>
    </Button>
  );
}
