import { type AuditEntry, rightsRoutes } from '@evt/contracts/rights';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/format';
import { auditKey } from '../api/rights';
import { ScrollTable } from '../../../components/ui/scroll-table';

/** The text of each recorded action (the codes hold dots, which i18next reads as nesting). */
const ACTION_TEXT = {
  'rights.changed': 'rights.audit.actions.rightsChanged',
  'registrations.exported': 'rights.audit.actions.registrationsExported',
  'registration.erased': 'rights.audit.actions.registrationErased',
  'mailing.sent': 'rights.audit.actions.mailingSent',
  'registration.exported': 'dataRights.audit.exported',
  'registrations.anonymised': 'dataRights.audit.anonymised',
} as const satisfies Record<AuditEntry['action'], string>;

/** The organisation's audit log (owners only): who exported, erased, changed rights or sent a mailing. */
export function AuditLog({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const log = useQuery({
    queryKey: auditKey(organizationId),
    queryFn: ({ signal }) => apiRequest(rightsRoutes.audit, { params: { id: organizationId }, signal }),
  });
  if (log.isPending) return <PageSpinner />;
  if (log.isError) return <ErrorAlert error={log.error} />;
  if (log.data.data.length === 0) return <p>{t('rights.audit.empty')}</p>;
  return (
    <ScrollTable caption={t('rights.audit.title')} captionHidden>
      <thead>
        <tr>
          <th scope="col">{t('rights.audit.columns.at')}</th>
          <th scope="col">{t('rights.audit.columns.actor')}</th>
          <th scope="col">{t('rights.audit.columns.action')}</th>
          <th scope="col">{t('rights.audit.columns.event')}</th>
        </tr>
      </thead>
      <tbody>
        {log.data.data.map((entry) => (
          <tr key={entry.id}>
            <td>{formatDate(entry.at)}</td>
            <td>{entry.actor.name || t('dataRights.audit.system')}</td>
            <td>{t(ACTION_TEXT[entry.action])}</td>
            <td>{entry.eventId ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
