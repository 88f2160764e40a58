import { ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES } from '@evt/contracts/upstream-events';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadPanel } from '../../../components/ui/upload-panel';
import { API_PREFIX } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/api-error';
import { checkFile } from '../../../lib/check-file';
import { useUploadImageMutation } from '../api/update-organization';
import type { MessageKey } from '../../../lib/i18n/keys';

/** Choose an image, see it, send it with a progress bar; the server checks its bytes again. */
export function ImageUpload({ organizationId, current }: { organizationId: number; current: string | null }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<MessageKey | null>(null);
  const upload = useUploadImageMutation(organizationId, setProgress);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    setError(null);
    upload.reset();
    if (!chosen) return setFile(null);
    const problem = checkFile(chosen, ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES);
    if (problem) {
      setFile(null);
      return setError(problem);
    }
    setFile(chosen);
  };
  const send = () => {
    if (!file) return;
    setProgress(0);
    upload.mutate(file, {
      onSuccess: () => setFile(null),
      onError: (failure) => setError(errorMessageKey(failure)),
    });
  };
  const shown = preview ?? (current ? `${API_PREFIX}${current}` : null);

  return (
    <UploadPanel
      title={t('console.settings.imageTitle')}
      chooseLabel={t('console.settings.chooseImage')}
      hint={t('console.settings.imageHint')}
      accept={ORGANIZATION_IMAGE_TYPES}
      onChoose={(files) => choose(files?.[0])}
      pending={upload.isPending}
      progress={progress}
      error={error}
      done={upload.isSuccess}
      doneMessage={t('console.settings.imageSaved')}
      submitLabel={t('console.settings.uploadImage')}
      canSubmit={Boolean(file)}
      onSubmit={send}
    >
      {shown ? (
        <img className="upload__preview" src={shown} alt={t('console.settings.imageAlt')} />
      ) : (
        <p>{t('console.settings.noImage')}</p>
      )}
    </UploadPanel>
  );
}
