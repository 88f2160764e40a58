import { ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES } from '@evt/contracts/upstream-events';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { API_PREFIX } from '../../../lib/api-client';
import { errorMessageKey } from '../../../lib/api-error';
import { checkFile } from '../../../lib/upload';
import { useUploadLogoMutation } from '../api/event-console';

/** The event logo, sent through the webhook's event-logo operation (same limits as organisation images). */
export function LogoPanel({ eventId, logo }: { eventId: number; logo: string | null }) {
  const { t } = useTranslation();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadLogoMutation(eventId);
  const choose = (chosen: File | undefined) => {
    setError(null);
    upload.reset();
    const problem = chosen ? checkFile(chosen, ORGANIZATION_IMAGE_MAX_BYTES, ORGANIZATION_IMAGE_TYPES) : null;
    if (problem) return setError(problem);
    setFile(chosen ?? null);
  };
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('console.logo.title')}
      </h2>
      {logo ? (
        <img className="upload__preview" src={`${API_PREFIX}${logo}`} alt={t('console.logo.alt')} />
      ) : (
        <p>{t('console.logo.none')}</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {t('console.logo.choose')}
        </label>
        <input
          id={`${id}-file`}
          className="input"
          type="file"
          accept={ORGANIZATION_IMAGE_TYPES.join(',')}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      {error ? <Alert tone="error">{t(error)}</Alert> : null}
      {upload.isError ? <Alert tone="error">{t(errorMessageKey(upload.error))}</Alert> : null}
      {upload.isSuccess ? (
        <p role="status" className="upload__done">
          {t('console.logo.saved')}
        </p>
      ) : null}
      <Button
        disabled={!file}
        busy={upload.isPending}
        onClick={() => file && upload.mutate(file, { onSuccess: () => setFile(null) })}
      >
        {t('console.logo.upload')}
      </Button>
    </section>
  );
}
