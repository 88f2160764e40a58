import type { RegistrationRow } from '@evt/contracts/registrations';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { errorMessageKey } from '../../../lib/api-error';
import { useConfirmRegistration, useDeleteRegistration } from '../api/registrations';

/**
 * What the organiser can do with one registration: confirm it by hand while it is pending, delete it
 * after saying so a second time (the question takes the focus; "Keep" gives it back).
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
  const remove = useDeleteRegistration(eventId);
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);
  const failure = confirm.error ?? remove.error;
  return (
    <div className="details__actions">
      {failure ? <Alert tone="error">{t(errorMessageKey(failure))}</Alert> : null}
      {confirm.isSuccess ? <p role="status">{t('console.registrationDetail.confirmed')}</p> : null}
      {asking ? (
        <div className="details__ask">
          <p ref={question} tabIndex={-1}>
            {t('console.registrationDetail.deleteQuestion')}
          </p>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => remove.mutate(row.id, { onSuccess: onDeleted })}
          >
            {t('console.registrationDetail.deleteConfirm')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setAsking(false);
              requestAnimationFrame(() => document.getElementById(`delete-button-${row.id}`)?.focus());
            }}
          >
            {t('console.registrationDetail.keep')}
          </Button>
        </div>
      ) : (
        <>
          {row.status === 'pending' ? (
            <Button busy={confirm.isPending} onClick={() => confirm.mutate(row.id)}>
              {t('console.registrationDetail.confirm')}
            </Button>
          ) : null}
          <Button id={`delete-button-${row.id}`} variant="danger" onClick={() => setAsking(true)}>
            {t('console.registrationDetail.delete')}
          </Button>
        </>
      )}
    </div>
  );
}
