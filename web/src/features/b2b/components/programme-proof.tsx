import type { ProgrammeView } from '@evt/contracts/b2b';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useLocale } from '../../../lib/locale-path';

/** How near the last run is to the best schedule possible: proven the best, or within a proven gap. */
export function ScheduleProof({ run }: { run: ProgrammeView['run'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (run.optimal) return <p>{t('b2b.programme.proof.optimal')}</p>;
  if (run.gapPct === null || run.upperBound === null) return null;
  const gap = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(run.gapPct);
  return <p>{t('b2b.programme.proof.gap', { gap, bound: run.upperBound })}</p>;
}

/** Published meetings that the programme's settings, as changed since, no longer allow. */
export function LockedConflicts({ view }: { view: ProgrammeView }) {
  const { t } = useTranslation();
  if (view.lockedConflicts.length === 0) return null;
  return (
    <Alert tone="error" title={t('b2b.programme.conflicts.title', { count: view.lockedConflicts.length })}>
      <ul>
        {view.lockedConflicts.map((c) => (
          <li key={c.requestId}>
            {t('b2b.programme.conflicts.line', {
              from: c.fromName,
              to: c.toName,
              reason: t(`b2bMatch.unplaced.${c.reason}` as MessageKey),
            })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
