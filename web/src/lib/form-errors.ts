import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-error';

/**
 * Puts the server's field errors (`details.fieldErrors`, keys are dotted paths, messages are i18n keys) on
 * the form, focusing the first one. Returns whether any field error was applied.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly string[],
): boolean {
  if (!isApiError(error)) return false;
  let applied = false;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    if (!knownFields.includes(field) || !messages[0]) continue;
    setError(field as Path<T>, { type: 'server', message: messages[0] }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
