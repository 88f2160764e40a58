import '../leads.css';
import type { ExhibitorLeadCount } from '@evt/contracts/leads';
import { apiRoutes } from '@evt/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { QueryResult } from '../../../components/ui/query-result';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { useEvent } from '../../../lib/queries/event';
import { showToast } from '../../../lib/toast';
import { useExhibitorLeads, useRevokeLinksMutation, useSendLinkMutation } from '../api/exhibitors';

/**
 * `/events/leads-{eventId}`: each stand (confirmed exhibitors and sponsors) with how many leads it made and
 * when it last scanned, counts only (what a stand learnt of its visitors stays with the stand); its link
 * mailed to the stand's own address, or closed.
 */
export function LeadsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const stands = useExhibitorLeads(eventId);
  useDocumentTitle(t('leads.console.title'));
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('leads.console.title')}</h1>
        <p>{t('leads.console.intro')}</p>
        <QueryResult query={stands}>
          {({ data }) =>
            data.length === 0 ? (
              <EmptyState title={t('leads.console.title')} message={t('leads.console.empty')} />
            ) : (
              <StandTable eventId={eventId} stands={data} />
            )
          }
        </QueryResult>
      </div>
    </EventLayout>
  );
}

function StandTable({ eventId, stands }: { eventId: number; stands: readonly ExhibitorLeadCount[] }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
  const send = useSendLinkMutation(eventId);
  const revoke = useRevokeLinksMutation(eventId);
  const [closing, setClosing] = useState<ExhibitorLeadCount | null>(null);
  const total = stands.reduce((sum, stand) => sum + stand.leads, 0);
  const most = Math.max(1, ...stands.map((stand) => stand.leads));
  return (
    <>
      <p>{t('leads.console.total', { count: total })}</p>
      <ErrorAlert error={send.error} />
      <ScrollTable caption={t('leads.console.chartCaption')}>
        <thead>
          <tr>
            <th scope="col">{t('leads.console.columns.exhibitor')}</th>
            <th scope="col">{t('leads.console.columns.contact')}</th>
            <th scope="col">{t('leads.console.columns.leads')}</th>
            <th scope="col">{t('leads.console.columns.lastScan')}</th>
            <th scope="col">{t('leads.console.columns.link')}</th>
            <th scope="col">{t('leads.console.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {stands.map((stand) => (
            <tr key={stand.registrationId}>
              <th scope="row">{stand.name}</th>
              <td>{stand.contact}</td>
              <td>
                {stand.leads}
                {/* the bar for the eye; the number is what is read */}
                <progress className="lead-count__bar" aria-hidden="true" max={most} value={stand.leads} />
              </td>
              <td>{stand.lastScanAt ? formatDate(stand.lastScanAt) : ''}</td>
              <td>
                {stand.linkSentAt
                  ? t('leads.console.sentAt', { date: formatDate(stand.linkSentAt) })
                  : t('leads.console.neverSent')}
                <br />
                {stand.liveLinks > 0
                  ? t('leads.console.liveLinks', { count: stand.liveLinks })
                  : stand.linkSentAt
                    ? t('leads.console.closed')
                    : null}
              </td>
              <td className="lead-list__actions">
                <PermittedButton
                  eventId={eventId}
                  call={apiRoutes.leads.sendLink}
                  size="sm"
                  variant="secondary"
                  busy={send.isPending && send.variables === stand.registrationId}
                  onClick={() =>
                    send.mutate(stand.registrationId, {
                      onSuccess: () =>
                        showToast({
                          kind: 'success',
                          title: 'leads.console.sent',
                          values: { name: stand.name },
                        }),
                    })
                  }
                >
                  {stand.linkSentAt ? t('leads.console.sendAgain') : t('leads.console.send')}
                  <span className="sr-only"> {stand.name}</span>
                </PermittedButton>
                {stand.liveLinks > 0 ? (
                  <PermittedButton
                    eventId={eventId}
                    call={apiRoutes.leads.revokeLinks}
                    size="sm"
                    variant="ghost"
                    onClick={() => {
                      revoke.reset();
                      setClosing(stand);
                    }}
                  >
                    {t('leads.console.revoke')}
                    <span className="sr-only"> {stand.name}</span>
                  </PermittedButton>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <ConfirmDialog
        open={closing !== null}
        onOpenChange={(open) => (open ? undefined : setClosing(null))}
        title={t('leads.console.revokeTitle', { name: closing?.name ?? '' })}
        description={t('leads.console.revokeBody')}
        confirmLabel={t('leads.console.revoke')}
        busy={revoke.isPending}
        error={revoke.error}
        onConfirm={() => {
          if (!closing) return;
          const { name } = closing;
          revoke.mutate(closing.registrationId, {
            onSuccess: () => {
              setClosing(null);
              showToast({ kind: 'success', title: 'leads.console.revoked', values: { name } });
            },
          });
        }}
      />
    </>
  );
}
