import type { ProgrammeView } from '@evt/contracts/b2b';
import { GOOGLE_CONNECT_PATH } from '@evt/contracts/meetings';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { useGoogleConnection } from '../../../lib/queries/google-connection';

/**
 * Online meetings whose Google Meet link the publication would make through the organiser's Google
 * account, while that account is not connected: 0 when nothing is missing, or the links come from Zoom.
 */
export function useLinksWithoutGoogle(view: ProgrammeView, asking: boolean): number {
  const needing = view.meetings.filter((m) => m.online && m.status !== 'cancelled' && !m.onlineUrl).length;
  const google = view.settings.onlinePlatform === 'google_meet' && needing > 0;
  const connection = useGoogleConnection(google && asking);
  if (!google || !connection.data) return 0;
  return connection.data.status === 'connected' ? 0 : needing;
}

/** Said before publishing, not after: these meetings would go out without their video link. */
export function PublishWarning({ count }: { count: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  if (!count) return null;
  const connect = `${GOOGLE_CONNECT_PATH}?returnTo=${encodeURIComponent(location.pathname)}`;
  return (
    <Alert tone="error" title={t('b2b.programme.actions.noGoogleTitle')}>
      <p>{t('b2b.programme.actions.noGoogle', { count })}</p>
      <p>
        <a className="btn btn--primary" href={connect}>
          {t('b2b.programme.actions.connectGoogle')}
        </a>
      </p>
    </Alert>
  );
}
