import { apiRoutes } from '@evt/contracts/routes';
import '../rights.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useEvent } from '../../../lib/queries/event';
import { useActionAccess } from '../../../lib/queries/permissions';
import { useEventRights } from '../api/rights';
import { MemberGrants } from '../components/member-grants';
import { TypeGrants } from '../components/type-grants';

function Matrix({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const rights = useEventRights(eventId);
  if (rights.isPending) return <PageSpinner />;
  if (rights.isError) return <ErrorAlert error={rights.error} />;
  return (
    <>
      <section aria-labelledby="rights-members">
        <h2 id="rights-members">{t('rights.membersTitle')}</h2>
        <p>{t('rights.membersHelp')}</p>
        <MemberGrants eventId={eventId} rights={rights.data} />
      </section>
      <section aria-labelledby="rights-types">
        <h2 id="rights-types">{t('rights.typesTitle')}</h2>
        <p>{t('rights.typesHelp')}</p>
        <TypeGrants eventId={eventId} rights={rights.data} />
      </section>
    </>
  );
}

/** `/events/rights-{eventId}`: who may do what in the event, for `rights:manage` holders. */
export function RightsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const allowed = useActionAccess(eventId, apiRoutes.rights.get).allowed;
  const lp = useLocalePath();
  useDocumentTitle(t('rights.title'));
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('rights.title')}</h1>
        {allowed ? <Matrix eventId={eventId} /> : <p>{t('rights.notAllowed')}</p>}
        {allowed ? (
          <p>
            <Link to={lp(`/events/audit-${eventId}`)}>{t('rights.audit.link')}</Link>
          </p>
        ) : null}
      </div>
    </EventLayout>
  );
}
