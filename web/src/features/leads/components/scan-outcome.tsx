import type { Lead } from '@evt/contracts/leads';
import { useTranslation } from 'react-i18next';
import { timeOf } from '../../../components/scan-device-state';
import { usePersonName } from '../../../lib/person-name';
import type { ScanNews } from '../api/lead-device';

/** A lead's name, organisation and role, as a stand reads them at a glance. */
export function LeadFacts({ lead }: { lead: Lead }) {
  const { t } = useTranslation();
  const personName = usePersonName();
  return (
    <p>
      {[personName(lead), lead.organisation, t(`forms.kinds.${lead.role}.title`)].filter(Boolean).join(' · ')}
    </p>
  );
}

/**
 * What the person scanning reads after a scan: a new lead politely, anything else at once (already there,
 * refused, kept on the phone).
 */
export function ScanOutcome({ news }: { news: ScanNews }) {
  const { t, i18n } = useTranslation();
  const personName = usePersonName();
  if ('queued' in news)
    return (
      <div className="scan-outcome scan-outcome--offline" role="status">
        <p className="scan-outcome__title">{t('leads.space.outcome.queued')}</p>
      </div>
    );
  const { result } = news;
  if (result.outcome === 'added' || result.outcome === 'already') {
    const { lead } = result;
    return (
      <div
        className={`scan-outcome scan-outcome--${result.outcome === 'added' ? 'done' : 'already'}`}
        role={result.outcome === 'already' ? 'alert' : 'status'}
      >
        <p className="scan-outcome__title">
          {result.outcome === 'added'
            ? t('leads.space.outcome.added', { name: personName(lead) })
            : t('leads.space.outcome.already', {
                name: personName(lead),
                time: timeOf(lead.scannedAt, i18n.language),
                by: lead.scannedBy,
              })}
        </p>
        <LeadFacts lead={lead} />
      </div>
    );
  }
  return (
    <div className="scan-outcome scan-outcome--refused" role="alert">
      <p className="scan-outcome__title">{t(`leads.space.outcome.${result.outcome}`)}</p>
    </div>
  );
}
