import { WEBHOOK_LOG_DAYS, type WebhookDelivery, type WebhookEndpoint } from '@evt/contracts/webhooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { Spinner } from '../../../components/ui/spinner';
import { useDateFormatter } from '../../../lib/format';
import { deliveriesQuery, useRedeliver } from '../api/webhooks';
import { eventTextKey } from './event-text';

/**
 * An endpoint's delivery log, newest first, a page at a time: each event sent (its type and id), its
 * status, the last try's answer (status code or why none) and time, the tries, the next one, and "send
 * again" (the same event, same id, with a new round of tries).
 */
export function DeliveryLog({
  organizationId,
  endpoint,
}: {
  organizationId: number;
  endpoint: WebhookEndpoint;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'short', timeStyle: 'medium' });
  // the pages seen before this one, to step back; null: the newest page
  const [before, setBefore] = useState<number | null>(null);
  const log = useQuery(deliveriesQuery(organizationId, endpoint.id, before));
  const redeliver = useRedeliver(organizationId);
  const answerOf = (d: WebhookDelivery) =>
    d.lastStatusCode !== null
      ? `HTTP ${d.lastStatusCode}`
      : d.lastError
        ? t(`webhooks.deliveries.errors.${d.lastError}`)
        : '—';
  const typeOf = (type: string) => {
    const key = eventTextKey(type);
    return key ? t(key) : type;
  };
  return (
    <section className="card" aria-labelledby="webhook-deliveries">
      <h2 id="webhook-deliveries" className="webhook-endpoint__url">
        {t('webhooks.deliveries.title', { url: endpoint.url })}
      </h2>
      <p className="muted">{t('webhooks.deliveries.kept', { days: WEBHOOK_LOG_DAYS })}</p>
      <div className="webhook-actions">
        <Button size="sm" variant="secondary" onClick={() => void log.refetch()}>
          {t('webhooks.deliveries.refresh')}
        </Button>
        {before !== null ? (
          <Button size="sm" variant="ghost" onClick={() => setBefore(null)}>
            {t('webhooks.deliveries.newest')}
          </Button>
        ) : null}
      </div>
      <ErrorAlert error={log.error ?? redeliver.error} />
      {redeliver.isSuccess ? <p role="status">{t('webhooks.deliveries.redelivered')}</p> : null}
      {log.isPending ? <Spinner label={t('common.loading')} /> : null}
      {log.data && log.data.data.length === 0 ? <p>{t('webhooks.deliveries.empty')}</p> : null}
      {log.data && log.data.data.length > 0 ? (
        <ScrollTable caption={t('webhooks.deliveries.title', { url: endpoint.url })} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('webhooks.deliveries.when')}</th>
              <th scope="col">{t('webhooks.deliveries.type')}</th>
              <th scope="col">{t('webhooks.deliveries.status')}</th>
              <th scope="col">{t('webhooks.deliveries.answer')}</th>
              <th scope="col">{t('webhooks.deliveries.duration')}</th>
              <th scope="col">{t('webhooks.deliveries.attempts')}</th>
              <th scope="col">{t('webhooks.deliveries.next')}</th>
              <th scope="col">{t('webhooks.deliveries.eventId')}</th>
              <th scope="col">
                <span className="sr-only">{t('webhooks.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {log.data.data.map((d) => (
              <tr key={d.id}>
                <td>{formatDate(d.createdAt)}</td>
                <th scope="row">{typeOf(d.type)}</th>
                <td>{t(`webhooks.deliveries.statuses.${d.status}`)}</td>
                <td>{answerOf(d)}</td>
                <td>
                  {d.lastDurationMs === null
                    ? '—'
                    : t('webhooks.deliveries.durationMs', { ms: d.lastDurationMs })}
                </td>
                <td>{d.attempts}</td>
                <td>{d.nextAttemptAt ? formatDate(d.nextAttemptAt) : '—'}</td>
                <td>
                  <code className="webhook-code">{d.eventId}</code>
                </td>
                <td className="table__actions">
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={redeliver.isPending && redeliver.variables?.deliveryId === d.id}
                    onClick={() => redeliver.mutate({ endpointId: endpoint.id, deliveryId: d.id })}
                  >
                    {t('webhooks.deliveries.redeliver')}
                    <span className="sr-only"> {typeOf(d.type)}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : null}
      {log.data?.nextBefore ? (
        <Button variant="secondary" onClick={() => setBefore(log.data.nextBefore)}>
          {t('webhooks.deliveries.older')}
        </Button>
      ) : null}
    </section>
  );
}
