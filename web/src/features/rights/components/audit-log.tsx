import { type AuditEntry, rightsChangeDetails, rightsRoutes } from '@evt/contracts/rights';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/alert';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { PageSpinner } from '../../../components/ui/spinner';
import { apiRequest } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/format';
import { auditKey } from '../api/rights';

/** The text of each recorded action (the codes hold dots, which i18next reads as nesting). */
const ACTION_TEXT = {
  'rights.changed': 'rights.audit.actions.rightsChanged',
  'registrations.exported': 'rights.audit.actions.registrationsExported',
  'registration.erased': 'rights.audit.actions.registrationErased',
  'mailing.sent': 'rights.audit.actions.mailingSent',
  'registration.exported': 'dataRights.audit.exported',
  'registrations.anonymised': 'dataRights.audit.anonymised',
  'registration.cancelled': 'rights.audit.actions.registrationCancelled',
  'b2b.scheduled': 'rights.audit.actions.b2bScheduled',
  'b2b.published': 'rights.audit.actions.b2bPublished',
  'document.deleted': 'rights.audit.actions.documentDeleted',
  'team.deleted': 'rights.audit.actions.teamDeleted',
  'project.deleted': 'rights.audit.actions.projectDeleted',
  'task.deleted': 'rights.audit.actions.taskDeleted',
  'apiKey.created': 'apiKeys.audit.created',
  'apiKey.revoked': 'apiKeys.audit.revoked',
  'apiKey.used': 'apiKeys.audit.used',
  'webhook.created': 'webhooks.audit.created',
  'webhook.updated': 'webhooks.audit.updated',
  'webhook.removed': 'webhooks.audit.removed',
  'webhook.secretRotated': 'webhooks.audit.secretRotated',
  'webhook.redelivered': 'webhooks.audit.redelivered',
  'exhibitorLink.sent': 'leads.audit.linkSent',
  'exhibitorLink.revoked': 'leads.audit.linkRevoked',
} as const satisfies Record<AuditEntry['action'], string>;

/** The name a deleted thing had, kept in its line. */
const deletedName = z.object({ name: z.string() });
/** An API key's line: the key's name, and for a call the method and route pattern it called. */
const apiKeyDetails = z
  .object({ name: z.string(), method: z.string().optional(), route: z.string().optional() })
  .transform((d) => ({ name: d.name, route: d.method && d.route ? `${d.method} ${d.route}` : '' }));

/**
 * What a line says was done: a change of rights names the member or member type it was for, a deletion
 * the name of what was deleted.
 */
function useActionText() {
  const { t } = useTranslation();
  return (entry: AuditEntry) => {
    if (entry.action.endsWith('.deleted')) {
      const deleted = deletedName.safeParse(entry.details);
      return t(ACTION_TEXT[entry.action], { name: deleted.success ? deleted.data.name : '' });
    }
    if (entry.action.startsWith('apiKey.')) {
      const key = apiKeyDetails.safeParse(entry.details);
      return t(ACTION_TEXT[entry.action], key.success ? key.data : { name: '', route: '' });
    }
    if (entry.action !== 'rights.changed') return t(ACTION_TEXT[entry.action]);
    const subject = rightsChangeDetails.safeParse(entry.details);
    const { member, memberName, memberType } = subject.success ? subject.data : {};
    if (member) return t('rights.audit.actions.rightsChangedFor', { name: memberName || member });
    if (memberType) {
      const type = t(`rights.memberTypes.${memberType}`, { defaultValue: memberType });
      return t('rights.audit.actions.rightsChangedForType', { type });
    }
    return t(ACTION_TEXT[entry.action]);
  };
}

/**
 * One event's audit log, newest first: who exported, erased, cancelled, changed rights (and for whom) or
 * sent a mailing, at which date and time in the reader's zone.
 */
export function AuditLog({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({ dateStyle: 'medium', timeStyle: 'short' });
  const actionText = useActionText();
  const log = useQuery({
    queryKey: auditKey(eventId),
    queryFn: ({ signal }) => apiRequest(rightsRoutes.eventAudit, { params: { id: eventId }, signal }),
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
        </tr>
      </thead>
      <tbody>
        {log.data.data.map((entry) => (
          <tr key={entry.id}>
            <td>
              <time dateTime={entry.at}>{formatDate(entry.at)}</time>
            </td>
            <td>{entry.actor.name || t('dataRights.audit.system')}</td>
            <td>{actionText(entry)}</td>
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
