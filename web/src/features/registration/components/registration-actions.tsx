import { isCandidateKind, type RegistrationAction } from '@evt/contracts/forms/kinds';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessageKey } from '../../../lib/api-error';
import { useConfirmRegistration, useDeleteRegistration, useRegistrationAction } from '../api/registrations';
import { usePersonName } from '../../../lib/person-name';

/** The actions that ask first, in the shared dialog; resend and accept go at once. */
type Asked = 'cancel' | 'decline' | 'delete';

/**
 * What the organiser can do with one registration: confirm it by hand or resend its confirmation mail
 * while it is pending; accept or decline a candidacy (receptionists, panelists); cancel it (kept for the
 * record, out of the counts); delete it. Every mail goes in the person's language (the form's).
 */
export function RegistrationActions({
  eventId,
  row,
  onDeleted,
}: {
  eventId: number;
  row: RegistrationRow;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const confirm = useConfirmRegistration(eventId);
  const act = useRegistrationAction(eventId);
  const remove = useDeleteRegistration(eventId);
  const [asking, setAsking] = useState<Asked | null>(null);
  const [done, setDone] = useState<RegistrationAction | 'confirm' | null>(null);
  const nameOf = usePersonName();
  const name = nameOf(row) || row.email;
  const run = (action: RegistrationAction) =>
    act.mutate(
      { registrationId: row.id, action },
      {
        onSuccess: () => {
          setDone(action);
          setAsking(null);
        },
      },
    );
  const candidate = isCandidateKind(row.kind);
  const failure = confirm.error ?? (asking ? null : act.error);
  return (
    <div className="details__actions">
      {failure ? <Alert tone="error">{t(errorMessageKey(failure))}</Alert> : null}
      <p role="status" className={done ? undefined : 'sr-only'}>
        {done === 'confirm' ? t('console.registrationDetail.confirmed') : null}
        {done && done !== 'confirm'
          ? t(`registrationsAdmin.actions.done.${done}`, { email: row.email })
          : null}
      </p>
      {/* a waiting person confirmed by hand takes a place, even past the form's capacity */}
      {row.status === 'pending' || row.status === 'promoted' || row.status === 'waitlisted' ? (
        <Button
          busy={confirm.isPending}
          onClick={() => confirm.mutate(row.id, { onSuccess: () => setDone('confirm') })}
        >
          {t('console.registrationDetail.confirm')}
        </Button>
      ) : null}
      {row.status === 'pending' || row.status === 'promoted' ? (
        <Button
          variant="secondary"
          busy={act.isPending && act.variables?.action === 'resend'}
          onClick={() => run('resend')}
        >
          {t('registrationsAdmin.actions.resend')}
        </Button>
      ) : null}
      {candidate && (row.status === 'confirmed' || row.status === 'declined') ? (
        <Button busy={act.isPending && act.variables?.action === 'accept'} onClick={() => run('accept')}>
          {t('registrationsAdmin.actions.accept')}
        </Button>
      ) : null}
      {candidate && (row.status === 'confirmed' || row.status === 'accepted') ? (
        <Button variant="secondary" onClick={() => setAsking('decline')}>
          {t('registrationsAdmin.actions.decline')}
        </Button>
      ) : null}
      {row.status !== 'cancelled' && row.status !== 'declined' ? (
        <Button variant="secondary" onClick={() => setAsking('cancel')}>
          {t('registrationsAdmin.actions.cancel')}
        </Button>
      ) : null}
      <Button variant="danger" onClick={() => setAsking('delete')}>
        {t('console.registrationDetail.delete')}
      </Button>
      <ConfirmDialog
        open={asking === 'delete'}
        onOpenChange={(open) => setAsking(open ? 'delete' : null)}
        title={t('registrationsAdmin.delete.title', { name })}
        description={t('registrationsAdmin.delete.description')}
        confirmLabel={t('console.registrationDetail.deleteConfirm')}
        busy={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(row.id, { onSuccess: onDeleted })}
      />
      {(['cancel', 'decline'] as const).map((action) => (
        <ConfirmDialog
          key={action}
          open={asking === action}
          onOpenChange={(open) => setAsking(open ? action : null)}
          title={t(`registrationsAdmin.actions.${action}Title`, { name })}
          description={t(`registrationsAdmin.actions.${action}Description`, { email: row.email })}
          confirmLabel={t(`registrationsAdmin.actions.${action}Confirm`)}
          busy={act.isPending}
          error={asking === action ? act.error : undefined}
          onConfirm={() => run(action)}
        />
      ))}
    </div>
  );
}
