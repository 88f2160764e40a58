import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessageKey, isApiError } from '../../../lib/api-error';

/**
 * A failed call's message, with Google's reason where the spec's text has one ('Erreur création meeting:
 * ...'): the calendar's codes carry it in `details.detail`.
 */
export function CalendarErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const detail = isApiError(error) ? (error.detail ?? '') : '';
  return <Alert tone="error">{t(errorMessageKey(error), { detail })}</Alert>;
}
