import type { SpaceMe } from '@evt/contracts/b2b';
import { errorCode } from '@evt/contracts/errors';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { isApiError } from '../../../lib/api-error';

/** How many meeting requests the company may still send: its own cap when the organiser set one. */
export function RequestsLeft({ me }: { me: SpaceMe }) {
  const { t } = useTranslation();
  const cap = me.programme.requestCap;
  const left = Math.max(0, cap - me.requestsUsed);
  return (
    <p className="b2b-space__quota">{t('b2b.space.quota.left', { left, cap, used: me.requestsUsed })}</p>
  );
}

/** A refused request; the upstream's cap refusal says how many the company may send, and that none remain. */
export function SendError({ error, me }: { error: unknown; me: SpaceMe }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.code === errorCode.b2bCap)
    return <Alert tone="error">{t('b2b.space.quota.reached', { cap: me.programme.requestCap })}</Alert>;
  return <ErrorAlert error={error} />;
}
