import {
  GOOGLE_CALLBACK_OUTCOMES,
  GOOGLE_PERMISSIONS_URL,
  type GoogleCallbackOutcome,
} from '@evt/contracts/meetings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGoogleConnection } from '../../../lib/queries/google-connection';
import { useDisconnectGoogleMutation } from '../api/meetings';
import { useGoogleConnectHref } from '../lib/connect-href';
import { CalendarErrorAlert } from './calendar-error';

/** What the OAuth callback sent back (`?google=`), said in words; a code, never Google's sentence. */
function CallbackOutcome() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const outcome = params.get('google') as GoogleCallbackOutcome | null;
  if (!outcome || !GOOGLE_CALLBACK_OUTCOMES.includes(outcome)) return null;
  if (outcome === 'connected') return <Alert tone="success">{t('meetings.outcome.connected')}</Alert>;
  const text =
    outcome === 'missingScope'
      ? t('meetings.outcome.missingScope', { missing: params.get('missing') ?? '' })
      : outcome === 'userInfo'
        ? t('calendar.errors.userInfoFailed')
        : t(`meetings.outcome.${outcome}`);
  return <Alert tone="error">{text}</Alert>;
}

/**
 * The organiser's Google Calendar connection: connect (a navigation to the BFF, which starts the consent
 * flow), the broken state after Google dropped the grant (a banner asking to reconnect), disconnect.
 */
export function GoogleConnectionPanel() {
  const { t } = useTranslation();
  const connection = useGoogleConnection(true);
  const disconnect = useDisconnectGoogleMutation();
  const [confirming, setConfirming] = useState(false);
  const connectHref = useGoogleConnectHref();
  const data = connection.data;
  return (
    <section className="card" aria-labelledby="google-connection-heading">
      <h2 className="card__title" id="google-connection-heading">
        {t('meetings.connection.heading')}
      </h2>
      <CallbackOutcome />
      <CalendarErrorAlert error={connection.error ?? disconnect.error} />
      {data?.demo ? <Alert tone="info">{t('meetings.demo')}</Alert> : null}
      {data?.status === 'broken' ? <Alert tone="error">{t('meetings.connection.broken')}</Alert> : null}
      {data?.status === 'unreadable' ? (
        <Alert tone="error">{t('meetings.connection.unreadable')}</Alert>
      ) : null}
      {disconnect.data?.revoked === false ? (
        <Alert tone="info">
          {t('meetings.connection.revokeFailed')}{' '}
          <a href={GOOGLE_PERMISSIONS_URL} target="_blank" rel="noreferrer noopener">
            {t('meetings.connection.permissionsLink')}
          </a>
        </Alert>
      ) : null}
      {data?.status === 'connected' ? (
        <p>
          {data.email
            ? t('meetings.connection.connected', { email: data.email })
            : t('meetings.connection.connectedNoEmail')}
        </p>
      ) : null}
      {data?.status === 'none' ? <p>{t('meetings.connection.none')}</p> : null}
      {data ? (
        <div className="form__row">
          {data.status !== 'connected' ? (
            <a className="btn btn--primary" href={connectHref}>
              {data.status === 'broken' || data.status === 'unreadable'
                ? t('meetings.connection.reconnect')
                : t('meetings.connection.connect')}
            </a>
          ) : null}
          {data.status !== 'none' ? (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('meetings.connection.disconnect')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('meetings.connection.disconnectTitle')}
        description={t('meetings.connection.disconnectText')}
        confirmLabel={t('meetings.connection.disconnect')}
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setConfirming(false) })}
      />
    </section>
  );
}
