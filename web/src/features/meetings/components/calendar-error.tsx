import { errorCode } from '@evt/contracts/errors';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { errorMessageKey, isApiError } from '../../../lib/api-error';
import { useGoogleConnectHref } from '../lib/connect-href';

/** The calendar's answers that mean "no usable Google connection": the alert then offers to connect. */
const CONNECTION_NEEDED: readonly MessageKey[] = [
  errorCode.calendarNotConnected,
  errorCode.calendarNotAuthenticated,
  errorCode.calendarTokenExpired,
];

/**
 * A failed call's message, with the reason where the spec's text has one ('Erreur création meeting:
 * ...'): the calendar's codes carry it in `details.reason` (said in words, 'unknown' when absent, so no
 * placeholder is ever shown raw), and the Google account whose connection is gone in `details.googleAccount`.
 * When the failure is a missing or expired Google connection, the spec's short sentence ("User not signed
 * in") told the organiser nothing they could act on: the alert says what to do and links to the consent flow.
 */
export function CalendarErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const connectHref = useGoogleConnectHref();
  if (!error) return null;
  const key = errorMessageKey(error);
  if (CONNECTION_NEEDED.includes(key)) {
    return (
      <Alert tone="error">
        {t('meetings.connection.needed')}{' '}
        <a href={connectHref}>
          {key === errorCode.calendarNotConnected
            ? t('meetings.connection.connect')
            : t('meetings.connection.reconnect')}
        </a>
      </Alert>
    );
  }
  const reason = isApiError(error) ? (error.reason ?? 'unknown') : 'unknown';
  const account = isApiError(error) ? (error.googleAccount ?? '') : '';
  return <Alert tone="error">{t(key, { detail: t(`calendar.reasons.${reason}`), account })}</Alert>;
}
