import { ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES } from '@evt/contracts/upstream-events';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPanel } from '../../../components/ui/upload-panel';
import { API_PREFIX } from '../../../lib/api-client';
import { checkFile } from '../../../lib/check-file';
import { useActionAccess } from '../../../lib/queries/permissions';
import { useUploadLogoMutation } from '../api/event-console';
import type { MessageKey } from '../../../lib/i18n/keys';

/** The event logo, sent through the webhook's event-logo operation (same limits as organisation images). */
export function LogoPanel({ eventId, logo }: { eventId: number; logo: string | null }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<MessageKey | null>(null);
  const upload = useUploadLogoMutation(eventId);
  const access = useActionAccess(eventId, { operation: 'eventLogo', method: 'POST' });
  const choose = (chosen: File | undefined) => {
    setError(null);
    upload.reset();
    const problem = chosen ? checkFile(chosen, ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES) : null;
    if (problem) return setError(problem);
    setFile(chosen ?? null);
  };
  return (
    <UploadPanel
      title={t('console.logo.title')}
      chooseLabel={t('console.logo.choose')}
      accept={ORGANIZATION_IMAGE_TYPES}
      onChoose={(files) => choose(files?.[0])}
      pending={upload.isPending}
      error={error}
      failure={upload.error}
      done={upload.isSuccess}
      doneMessage={t('console.logo.saved')}
      submitLabel={t('console.logo.upload')}
      canSubmit={Boolean(file)}
      access={access}
      onSubmit={() => file && upload.mutate(file, { onSuccess: () => setFile(null) })}
    >
      {logo ? (
        <img className="upload__preview" src={`${API_PREFIX}${logo}`} alt={t('console.logo.alt')} />
      ) : (
        <p>{t('console.logo.none')}</p>
      )}
    </UploadPanel>
  );
}
