import { apiRoutes } from '@evt/contracts/routes';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useActionAccess } from '../../../lib/queries/permissions';
import { AuditLog } from '../components/audit-log';

/** `/events/audit-{eventId}`: the event's audit log, for who manages its rights (the event menu links it). */
export function AuditPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const allowed = useActionAccess(eventId, apiRoutes.rights.eventAudit).allowed;
  useDocumentTitle(t('rights.audit.title'));
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('rights.audit.title')}</h1>
        {allowed ? <AuditLog eventId={eventId} /> : <p>{t('rights.audit.notAllowed')}</p>}
      </div>
    </EventLayout>
  );
}
