import '../requests.css';
import { INFO_REQUEST_STATES, type InfoRequest, type InfoRequestState } from '@evt/contracts/info-requests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useEvent } from '../../../lib/queries/event';
import { useRequestAction, useRequests } from '../api/requests';
import { RequestAnswers } from '../components/request-answers';
import { StateBadge } from '../components/state-badge';
import { ScrollTable } from '../../../components/ui/scroll-table';

const isOpen = (r: InfoRequest) => r.state === 'sent' || r.state === 'opened' || r.state === 'expired';

/**
 * `/events/requests-{eventId}`: every information request of the event with its state, filtered by state;
 * an open one's link can be sent again (a new link) or the request cancelled (after a confirmation).
 */
export function RequestsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  useDocumentTitle(t('infoRequests.title'));
  const event = useEvent(eventId);
  const [state, setState] = useState<InfoRequestState | ''>('');
  const requests = useRequests(eventId, state ? { state } : {});
  const act = useRequestAction(eventId);
  const [cancelling, setCancelling] = useState<InfoRequest | null>(null);
  const [status, setStatus] = useState('');
  const date = useDateFormatter({ dateStyle: 'medium' });
  const options = [
    { value: '', label: t('infoRequests.list.all') },
    ...INFO_REQUEST_STATES.map((s) => ({ value: s, label: t(`infoRequests.states.${s}`) })),
  ];
  return (
    <EventLayout event={event.data}>
      <h1>{t('infoRequests.title')}</h1>
      <p>{t('infoRequests.list.intro')}</p>
      <Select
        className="info-requests__filter"
        label={t('infoRequests.list.filter')}
        options={options}
        value={state}
        onChange={(e) => setState(e.target.value as InfoRequestState | '')}
      />
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <ErrorAlert error={requests.error ?? (cancelling ? null : act.error)} />
      {requests.isPending ? <PageSpinner /> : null}
      {requests.data && requests.data.items.length === 0 ? <p>{t('infoRequests.list.empty')}</p> : null}
      {requests.data && requests.data.items.length > 0 ? (
        <ScrollTable caption={t('infoRequests.list.caption')} captionHidden>
          <thead>
            <tr>
              <th scope="col">{t('infoRequests.list.person')}</th>
              <th scope="col">{t('infoRequests.list.state')}</th>
              <th scope="col">{t('infoRequests.list.message')}</th>
              <th scope="col">{t('infoRequests.list.sentAt')}</th>
              <th scope="col">{t('infoRequests.list.expiresAt')}</th>
              <th scope="col">{t('infoRequests.list.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {requests.data.items.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.person}</th>
                <td>
                  <StateBadge state={r.state} />
                </td>
                <td>
                  <p className="info-request__message">{r.message}</p>
                  {r.state === 'answered' ? (
                    <details>
                      <summary>{t('infoRequests.list.answers')}</summary>
                      <RequestAnswers request={r} />
                    </details>
                  ) : null}
                </td>
                <td>{date(r.createdAt)}</td>
                <td>{date(r.expiresAt)}</td>
                <td>
                  {isOpen(r) ? (
                    <>
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={
                          act.isPending &&
                          act.variables?.requestId === r.id &&
                          act.variables.action === 'resend'
                        }
                        onClick={() =>
                          act.mutate(
                            { requestId: r.id, action: 'resend' },
                            { onSuccess: () => setStatus(t('infoRequests.list.resent')) },
                          )
                        }
                      >
                        {t('infoRequests.list.resend')}
                      </Button>{' '}
                      <Button size="sm" variant="danger" onClick={() => setCancelling(r)}>
                        {t('infoRequests.list.cancel')}
                      </Button>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => (open ? undefined : setCancelling(null))}
        title={t('infoRequests.list.confirmCancelTitle')}
        description={t('infoRequests.list.confirmCancel')}
        confirmLabel={t('infoRequests.list.cancel')}
        busy={act.isPending}
        error={cancelling ? act.error : null}
        onConfirm={() =>
          cancelling &&
          act.mutate(
            { requestId: cancelling.id, action: 'cancel' },
            {
              onSuccess: () => {
                setStatus(t('infoRequests.list.cancelled'));
                setCancelling(null);
              },
            },
          )
        }
      />
    </EventLayout>
  );
}
