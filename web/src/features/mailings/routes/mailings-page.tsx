import type { Mailing } from '@evt/contracts/mailings';
import { apiRoutes } from '@evt/contracts/routes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useDeleteMailingMutation, useMailing, useMailings } from '../api/mailings';
import { MailingComposer } from '../components/mailing-composer';
import { MailingProgress } from '../components/mailing-progress';
import { useMailingSubject } from '../components/use-mailing-subject';
import { ScrollTable } from '../../../components/ui/scroll-table';

/**
 * `composer`: the key of the composer on screen. A new mailing keeps its composer when its first save turns
 * it into an open draft, so what it was doing (a send waiting for its confirmation) goes on.
 */
type View = { kind: 'list' } | { kind: 'new' } | { kind: 'open'; id: number; composer?: string };
const NEW_COMPOSER = 'new';

/** `/events/mailings-{eventId}`: the event's mailings, composing one, and following one being sent. */
export function MailingsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const list = useMailings(eventId);
  const [view, setView] = useState<View>({ kind: 'list' });
  const opened = useMailing(eventId, view.kind === 'open' ? view.id : null);
  const remove = useDeleteMailingMutation(eventId);
  const [deleting, setDeleting] = useState<Mailing | null>(null);
  const subjectOf = useMailingSubject(event.data);
  useDocumentTitle(t('mailings.title'));
  const back = () => setView({ kind: 'list' });
  let body: React.ReactNode;
  if (view.kind === 'new') {
    body = (
      <MailingComposer
        key={NEW_COMPOSER}
        eventId={eventId}
        mailing={null}
        onSaved={(m) => setView({ kind: 'open', id: m.id, composer: NEW_COMPOSER })}
        onDone={back}
      />
    );
  } else if (view.kind === 'open') {
    const mailing = opened.data;
    body = !mailing ? (
      <>
        <ErrorAlert error={opened.error} />
        {opened.isPending ? <PageSpinner /> : null}
      </>
    ) : mailing.status === 'draft' ? (
      <MailingComposer
        key={view.composer ?? mailing.id}
        eventId={eventId}
        mailing={mailing}
        onSaved={() => {}}
        onDone={back}
      />
    ) : (
      <>
        <Button variant="ghost" onClick={back}>
          {t('mailings.back')}
        </Button>
        <MailingProgress eventId={eventId} mailing={mailing} subject={subjectOf(mailing.content)} />
      </>
    );
  } else {
    body = (
      <>
        <p>{t('mailings.intro')}</p>
        <PermittedButton
          eventId={eventId}
          call={apiRoutes.mailings.create}
          onClick={() => setView({ kind: 'new' })}
        >
          {t('mailings.new')}
        </PermittedButton>
        <ErrorAlert error={list.error} />
        {list.isPending ? <PageSpinner /> : null}
        {list.data?.length === 0 ? <p>{t('mailings.empty')}</p> : null}
        {list.data?.length ? (
          <ScrollTable caption={t('mailings.listTitle')}>
            <thead>
              <tr>
                <th scope="col">{t('mailings.columns.subject')}</th>
                <th scope="col">{t('mailings.columns.status')}</th>
                <th scope="col">{t('mailings.columns.progress')}</th>
                <th scope="col">{t('mailings.columns.sendAt')}</th>
                <td />
              </tr>
            </thead>
            <tbody>
              {list.data.map((m) => {
                const done = m.counts.sent + m.counts.failed + m.counts.unsubscribed;
                return (
                  <tr key={m.id}>
                    <td>{subjectOf(m.content)}</td>
                    <td>{t(`mailings.status.${m.status}`)}</td>
                    <td>
                      {m.status === 'draft' ? null : (
                        <>
                          <progress max={Math.max(1, m.counts.total)} value={done} aria-hidden="true" />{' '}
                          {m.counts.total
                            ? t('mailings.progressText', { done, total: m.counts.total })
                            : t('mailings.progressWaiting')}
                        </>
                      )}
                    </td>
                    <td>{m.sendAt ? new Date(m.sendAt).toLocaleString() : ''}</td>
                    <td>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setView({ kind: 'open', id: m.id })}
                      >
                        {t('mailings.open')}
                      </Button>
                      {m.status === 'draft' ? (
                        <Button size="sm" variant="ghost" onClick={() => setDeleting(m)}>
                          {t('mailings.delete')}
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
        ) : null}
        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => (open ? undefined : setDeleting(null))}
          title={t('mailings.confirmDelete.title')}
          description={t('mailings.confirmDelete.message', {
            subject: deleting ? subjectOf(deleting.content) : '',
          })}
          confirmLabel={t('mailings.confirmDelete.confirm')}
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      </>
    );
  }
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('mailings.title')}</h1>
        <ErrorAlert error={event.error} />
        {body}
      </div>
    </EventLayout>
  );
}
