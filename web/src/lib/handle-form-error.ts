import type { FieldValues, UseFormSetError } from 'react-hook-form';
import type { MessageKey } from './i18n/keys';
import { errorMessageKey, isApiError } from './api-error';
import { applyServerFieldErrors } from './form-errors';
import { showToast } from './toast';

/**
 * What a form does with a failed submit: field errors go on their fields; network and server failures also
 * raise a toast; the returned key (or undefined) is the message to show above the form.
 */
export function handleFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): MessageKey | undefined {
  const onFields = applyServerFieldErrors(error, setError, fields);
  if (isApiError(error) && error.isServerSide) {
    showToast({ kind: 'error', title: 'errors.connectionTitle', message: errorMessageKey(error) });
  }
  if (onFields && isApiError(error) && error.code === 'errors.validation') return undefined;
  return errorMessageKey(error);
}
