import { errorCode } from '@evt/contracts/errors';
import type { FileWidget } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { useLayoutEffect, useRef, useState } from 'react';
import { type FieldError, useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../../../components/ui/form';
import { isApiError } from '../../../lib/api-error';
import { uploadFile } from '../api/public-registration';

const TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};
const sizeText = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

interface Props {
  name: string;
  label: string;
  hint?: string;
  error: FieldError | undefined;
  required: boolean;
  file: FileWidget;
  eventSlug: string;
  kind: string;
  fileNames: string[];
  onFileNames: (names: string[]) => void;
}

/**
 * Uploads as soon as a file is chosen, with a progress bar; the field then holds the upload token. A
 * refused file says why (too large, wrong type) in the visitor's language and the field stays as it was.
 */
export function FileInput(props: Props) {
  const { t } = useTranslation();
  const { file, fileNames, onFileNames } = props;
  const { clearErrors } = useFormContext();
  const { field } = useController({ name: props.name });
  const value: unknown = field.value;
  const onChange = (next: unknown) => {
    field.onChange(next);
    clearErrors(props.name);
  };
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const multiple = file.maxCount > 1;
  const tokens = multiple ? (Array.isArray(value) ? (value as string[]) : []) : value ? [String(value)] : [];
  const types = file.types.map((type) => TYPE_NAMES[type] ?? type).join(', ');
  const limits = t('forms.files.limits', { size: sizeText(file.maxBytes), types });

  async function choose(chosen: File) {
    setProblem(null);
    if (chosen.size > file.maxBytes) {
      setProblem(t('forms.files.tooLarge', { size: sizeText(file.maxBytes) }));
      return;
    }
    setProgress(0);
    try {
      const result = await uploadFile(
        { eventSlug: props.eventSlug, kind: props.kind as RegistrationKind, field: props.name, file: chosen },
        setProgress,
      );
      if (multiple) {
        onChange([...tokens, result.token]);
        onFileNames([...fileNames, result.name]);
      } else {
        onChange(result.token);
        onFileNames([result.name]);
      }
    } catch (error) {
      const status = isApiError(error) ? error.status : 0;
      // an image over the pixel budget is a 413 too, but its size in bytes is not what is wrong
      if (isApiError(error) && error.code === errorCode.imageTooLarge) setProblem(t(errorCode.imageTooLarge));
      else if (status === 413) setProblem(t('forms.files.tooLarge', { size: sizeText(file.maxBytes) }));
      else if (status === 415) setProblem(t('forms.files.badType', { types }));
      else setProblem(t('forms.files.failed'));
    } finally {
      setProgress(null);
    }
  }

  // a file chosen in the server-drawn form before its script ran is in the field, not yet uploaded
  const inputRef = useRef<HTMLInputElement | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useLayoutEffect(() => {
    const input = inputRef.current;
    const early = input?.files?.[0];
    if (!input || !early) return;
    input.value = '';
    void choose(early);
  }, []);

  function remove(index: number) {
    if (multiple) {
      onChange(tokens.filter((_, i) => i !== index));
      onFileNames(fileNames.filter((_, i) => i !== index));
    } else {
      onChange('');
      onFileNames([]);
    }
  }

  // the refusal text is already localised with its values: shown here, not as a key through FieldShell
  const shownError: FieldError | undefined = problem ? undefined : props.error;
  return (
    <FieldShell
      label={props.label}
      error={shownError}
      hint={props.hint ? `${props.hint} ${limits}` : limits}
      required={props.required}
    >
      {({ inputId, describedBy, invalid }) => (
        <div className="file-input">
          {tokens.length < file.maxCount ? (
            <input
              ref={(element) => {
                inputRef.current = element;
                field.ref(element);
              }}
              id={inputId}
              type="file"
              name={props.name}
              className="input"
              accept={file.types.join(',')}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              disabled={progress !== null}
              onChange={(e) => {
                const chosen = e.target.files?.[0];
                e.target.value = '';
                if (chosen) void choose(chosen);
              }}
            />
          ) : null}
          {progress !== null ? (
            <progress
              className="file-input__progress"
              max={100}
              value={Math.round(progress * 100)}
              aria-label={t('forms.files.uploading', { percent: Math.round(progress * 100) })}
            />
          ) : null}
          {problem ? (
            <p className="field__error" role="alert">
              {problem}
            </p>
          ) : null}
          <ul className="file-input__list">
            {tokens.map((token, index) => (
              <li key={token}>
                <span>{`${fileNames[index] ?? t('forms.files.uploaded')} — ${t('forms.files.uploaded')}`}</span>{' '}
                <button type="button" className="btn btn--ghost btn--sm" onClick={() => remove(index)}>
                  {t('forms.files.remove')}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </FieldShell>
  );
}
