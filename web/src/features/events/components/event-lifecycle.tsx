import { canMoveTo, type Event } from '@evt/contracts/events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLocalePath } from '../../../lib/locale-path';
import { useCanManage } from '../../../lib/queries/organization';
import { showToast } from '../../../lib/toast';
import { apiRoutes } from '@evt/contracts/routes';
import {
  useCloseRegistrationsMutation,
  useDeleteEventMutation,
  useSetEventStatusMutation,
} from '../api/event-lifecycle';

type Pending = 'close' | 'archive' | 'delete' | null;

/**
 * Where the event stands and what can happen to it next: publish a draft, close its
 * registrations, archive it; delete it, for the organisation's owners and administrators only. What
 * cannot be undone is confirmed in a dialog that names the event and what goes with it.
 */
export function EventLifecycle({ event }: { event: Event }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const navigate = useNavigate();
  const canManage = useCanManage(event.organizationId);
  const status = useSetEventStatusMutation(event.id);
  const close = useCloseRegistrationsMutation(event.id);
  const remove = useDeleteEventMutation(event.id);
  const [pending, setPending] = useState<Pending>(null);
  const name = event.name;
  const open = (next: Pending) => {
    status.reset();
    close.reset();
    remove.reset();
    setPending(next);
  };

  const dialog =
    pending === 'close'
      ? {
          title: t('console.eventLifecycle.closeTitle', { name }),
          description: t('console.eventLifecycle.closeText', { name }),
          confirmLabel: t('console.eventLifecycle.closeRegistrations'),
          mutation: close,
          run: () => close.mutate(undefined, { onSuccess: () => setPending(null) }),
        }
      : pending === 'archive'
        ? {
            title: t('console.eventLifecycle.archiveTitle', { name }),
            description: t('console.eventLifecycle.archiveText', { name }),
            confirmLabel: t('console.eventLifecycle.archive'),
            mutation: status,
            run: () => status.mutate('archived', { onSuccess: () => setPending(null) }),
          }
        : {
            title: t('console.eventLifecycle.deleteTitle', { name }),
            description: t('console.eventLifecycle.deleteText', { name }),
            confirmLabel: t('console.eventLifecycle.deleteConfirm', { name }),
            mutation: remove,
            run: () =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  showToast({ kind: 'success', title: 'console.eventLifecycle.deleted', values: { name } });
                  void navigate(lp('/events'));
                },
              }),
          };

  return (
    <section className="card stack" aria-labelledby="event-lifecycle-title">
      <h2 id="event-lifecycle-title">{t('console.eventLifecycle.title')}</h2>
      <p>{t('console.eventLifecycle.current', { status: t(`events.status.${event.status}`) })}</p>
      {event.status === 'draft' ? <p className="muted">{t('console.eventLifecycle.draftHelp')}</p> : null}
      {pending === null && status.isSuccess ? (
        <Alert tone="success">
          {t(
            event.status === 'published'
              ? 'console.eventLifecycle.published'
              : 'console.eventLifecycle.archived',
          )}
        </Alert>
      ) : null}
      {pending === null && close.data ? (
        <Alert tone="success">{t('console.eventLifecycle.closed', { count: close.data.closed })}</Alert>
      ) : null}
      {pending === null ? <ErrorAlert error={status.error} /> : null}
      <div className="cluster">
        {canMoveTo(event.status, 'published') ? (
          <PermittedButton
            eventId={event.id}
            call={apiRoutes.events.setStatus}
            busy={status.isPending}
            onClick={() => status.mutate('published')}
          >
            {t('console.eventLifecycle.publish')}
          </PermittedButton>
        ) : null}
        {event.status !== 'archived' ? (
          <PermittedButton
            eventId={event.id}
            call={apiRoutes.events.closeRegistrations}
            variant="secondary"
            onClick={() => open('close')}
          >
            {t('console.eventLifecycle.closeRegistrations')}
          </PermittedButton>
        ) : null}
        {canMoveTo(event.status, 'archived') ? (
          <PermittedButton
            eventId={event.id}
            call={apiRoutes.events.setStatus}
            variant="secondary"
            onClick={() => open('archive')}
          >
            {t('console.eventLifecycle.archive')}
          </PermittedButton>
        ) : null}
        {canManage ? (
          <Button variant="danger" onClick={() => open('delete')}>
            {t('console.eventLifecycle.delete')}
          </Button>
        ) : null}
      </div>
      {canManage === false ? <p className="muted">{t('console.eventLifecycle.managersOnly')}</p> : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => (next ? undefined : setPending(null))}
        title={dialog.title}
        description={dialog.description}
        confirmLabel={dialog.confirmLabel}
        tone={pending === 'delete' ? 'danger' : 'primary'}
        busy={dialog.mutation.isPending}
        error={dialog.mutation.error}
        onConfirm={dialog.run}
      />
    </section>
  );
}
