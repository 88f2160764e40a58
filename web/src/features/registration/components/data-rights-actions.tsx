import { apiRoutes } from '@evt/contracts/routes';
import { isErased } from '@evt/contracts/data-rights';
import type { RegistrationRow } from '@evt/contracts/registrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useActionAccess } from '../../../lib/queries/permissions';
import { personalDataUrl, useErasePerson } from '../api/personal-data';
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
        <a className="btn btn--secondary" href={personalDataUrl(eventId, row.id)} download>
          {t('dataRights.export')}
        </a>
      ) : null}
      {canErase ? (
        <Button variant="danger" onClick={() => open(true)}>
          {t('dataRights.erase')}
        </Button>
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
