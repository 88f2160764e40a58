import { apiRoutes } from '@evt/contracts/routes';
import { isErased } from '@evt/contracts/data-rights';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useActionAccess } from '../../../lib/queries/permissions';
import { errorMessageKey } from '../../../lib/api-error';
import { useExportPerson, useErasePerson } from '../api/personal-data';
import { usePersonName } from '../../../lib/person-name';

/**
 * The person's data rights on their registration: download everything held about them (a zip
 * of data.json and their files), and erase it: names, answers and files go, the row stays for the counts.
 * The erasure cannot be undone, so the dialog asks for an explicit "I understand" first.
 */
export function DataRightsActions({ eventId, row }: { eventId: number; row: RegistrationRow }) {
  const { t } = useTranslation();
  const canExport = useActionAccess(eventId, apiRoutes.dataRights.exportPerson).allowed;
  const canErase = useActionAccess(eventId, apiRoutes.dataRights.erasePerson).allowed;
  const exported = useExportPerson(eventId);
  const erase = useErasePerson(eventId);
  const nameOf = usePersonName();
  const [asking, setAsking] = useState(false);
  const [understood, setUnderstood] = useState(false);
  const erased = isErased(row);
  const name = nameOf(row) || row.email;
  if (erased) {
    return (
      <section className="details__actions" aria-label={t('dataRights.title')}>
        <p role="status">{t('dataRights.erasedNotice')}</p>
      </section>
    );
  }
  if (!canExport && !canErase) return null;
  const open = (next: boolean) => {
    setAsking(next);
    setUnderstood(false);
  };
  return (
    <section className="details__actions" aria-label={t('dataRights.title')}>
      {canExport ? (
        <Button variant="secondary" busy={exported.isPending} onClick={() => exported.mutate(row.id)}>
          {t('dataRights.export')}
        </Button>
      ) : null}
      {canErase ? (
        <Button variant="danger" onClick={() => open(true)}>
          {t('dataRights.erase')}
        </Button>
      ) : null}
      {exported.error ? (
        <Alert tone="error" title={t('dataRights.exportFailed')}>
          {t(errorMessageKey(exported.error))}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={asking}
        onOpenChange={open}
        title={t('dataRights.eraseTitle', { name })}
        description={t('dataRights.eraseDescription', { name })}
        confirmLabel={t('dataRights.eraseConfirm')}
        busy={erase.isPending}
        error={erase.error}
        confirmDisabled={!understood}
        onConfirm={() => erase.mutate(row.id, { onSuccess: () => open(false) })}
      >
        <label className="checkbox">
          <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />
          {t('dataRights.understand', { name })}
        </label>
      </ConfirmDialog>
    </section>
  );
}
