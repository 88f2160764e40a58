import { apiRoutes } from '@evt/contracts/routes';
import '../requests.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDateFormatter } from '../../../lib/format';
import { useActionAccess } from '../../../lib/queries/permissions';
import { useRequests } from '../api/requests';
import { AskForm } from './ask-form';
import { RequestAnswers } from './request-answers';
import { StateBadge } from './state-badge';

/**
 * Beside a registration (any role): its information requests with their state and answers, and the
 * organiser's "ask for information". Shown only to members holding `requests:manage`.
 */
export function RegistrationRequests({
  eventId,
  registrationId,
}: {
  eventId: number;
  registrationId: number;
}) {
  const can = useActionAccess(eventId, apiRoutes.infoRequests.create).allowed;
  if (!can) return null;
  return <Panel eventId={eventId} registrationId={registrationId} />;
}

function Panel({ eventId, registrationId }: { eventId: number; registrationId: number }) {
  const { t } = useTranslation();
  const date = useDateFormatter({ dateStyle: 'medium' });
  const requests = useRequests(eventId, { registrationId });
  const [asking, setAsking] = useState(false);
  const [status, setStatus] = useState('');
  return (
    <section className="info-requests" aria-labelledby={`info-requests-${registrationId}`}>
      <h3 id={`info-requests-${registrationId}`}>{t('infoRequests.registration.heading')}</h3>
      <p className="sr-only" role="status">
        {status}
      </p>
      <ErrorAlert error={requests.error} />
      {requests.isPending ? <Spinner label={t('common.loading')} /> : null}
      {requests.data?.items.length === 0 ? <p>{t('infoRequests.registration.none')}</p> : null}
      {requests.data?.items.map((request) => (
        <article key={request.id} className="info-request" aria-labelledby={`info-request-${request.id}`}>
          <p id={`info-request-${request.id}`} className="info-request__head">
            <StateBadge state={request.state} />{' '}
            {request.answeredAt
              ? t('infoRequests.registration.answeredOn', { date: date(request.answeredAt) })
              : t('infoRequests.registration.sentOn', { date: date(request.createdAt) })}
          </p>
          <blockquote className="info-request__message">{request.message}</blockquote>
          <RequestAnswers request={request} />
        </article>
      ))}
      {asking ? (
        <AskForm
          eventId={eventId}
          registrationId={registrationId}
          onSent={() => {
            setAsking(false);
            setStatus(t('infoRequests.ask.sent'));
          }}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('infoRequests.ask.button')}
        </Button>
      )}
    </section>
  );
}
