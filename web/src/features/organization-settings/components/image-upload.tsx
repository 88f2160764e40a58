import { ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES } from '@evt/contracts/upstream-events';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { API_PREFIX } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/api-error';
import { checkFile } from '../../../lib/upload';
import { useUploadImageMutation } from '../api/update-organization';

/** Choose an image, see it, send it with a progress bar; the server checks its bytes again. */
export function ImageUpload({ organizationId, current }: { organizationId: number; current: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
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
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('console.settings.imageTitle')}
      </h2>
      {shown ? (
        <img className="upload__preview" src={shown} alt={t('console.settings.imageAlt')} />
      ) : (
        <p>{t('console.settings.noImage')}</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {t('console.settings.chooseImage')}
        </label>
        <input
          id={`${id}-file`}
          className="input"
          type="file"
          accept={ORGANIZATION_IMAGE_TYPES.join(',')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <p className="field__hint" id={`${id}-hint`}>
          {t('console.settings.imageHint')}
        </p>
      </div>
      {upload.isPending ? (
        <progress
          className="upload__progress"
          max={1}
          value={progress}
          aria-label={t('console.upload.progress')}
        />
      ) : null}
      {error ? <Alert tone="error">{t(error)}</Alert> : null}
      {upload.isSuccess ? (
        <p role="status" className="upload__done">
          {t('console.settings.imageSaved')}
        </p>
      ) : null}
      <Button onClick={send} disabled={!file} busy={upload.isPending}>
        {t('console.settings.uploadImage')}
      </Button>
    </section>
  );
}
