import type { InfoRequestState } from '@evt/contracts/info-requests';
import { useTranslation } from 'react-i18next';

/** A request's state as a word (never a colour alone). */
export function StateBadge({ state }: { state: InfoRequestState }) {
  const { t } = useTranslation();
  return (
    <span className={`info-request__state info-request__state--${state}`}>
      {t(`infoRequests.states.${state}`)}
    </span>
  );
}
