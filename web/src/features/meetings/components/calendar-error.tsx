import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessageKey, isApiError } from '../../../lib/api-error';

/**
 * A failed call's message, with the reason where the spec's text has one ('Erreur création meeting:
 * ...'): the calendar's codes carry it in `details.reason` (said in words, 'unknown' when absent, so no
 * placeholder is ever shown raw), and the Google account whose connection is gone in `details.googleAccount`.
 */
export function CalendarErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const reason = isApiError(error) ? (error.reason ?? 'unknown') : 'unknown';
  const account = isApiError(error) ? (error.googleAccount ?? '') : '';
  return (
    <Alert tone="error">
      {t(errorMessageKey(error), { detail: t(`calendar.reasons.${reason}`), account })}
    </Alert>
  );
}
