import type { ProgrammeView } from '@evt/contracts/b2b';
import { useTranslation } from 'react-i18next';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { contractKey } from '../../../lib/i18n/keys';
import { useCreateLinks } from '../api/programme';

/**
 * The online meetings' video links once the programme is published: how many are still to make, the last
 * run's failure in words (the calendar's messages: not connected, connection broken, Google's refusal),
 * and the button that makes the missing ones again. Nothing shows while every link is there.
 */
export function OnlineLinks({ eventId, view }: { eventId: number; view: ProgrammeView }) {
  const { t } = useTranslation();
  const create = useCreateLinks(eventId);
  const { missing, error } = view.onlineLinks;
  if (!missing && !create.isSuccess) return null;
  // a run keeps only the failure's code: its reason is not known here
  const reason = t(contractKey(error ?? undefined, 'errors.generic'), {
    detail: t('calendar.reasons.unknown'),
    account: '',
  });
  return (
    <section aria-labelledby="b2b-links-h" className="b2b-links">
      <h2 id="b2b-links-h">{t('b2b.programme.links.title')}</h2>
      {missing ? <p role="status">{t('b2b.programme.links.missing', { count: missing })}</p> : null}
      {missing && error ? <Alert tone="error">{t('b2b.programme.links.failed', { reason })}</Alert> : null}
      {view.publishedAt ? <p className="muted">{t('b2b.programme.links.pendingMail')}</p> : null}
      {missing ? (
        <Button variant="secondary" busy={create.isPending} onClick={() => create.mutate()}>
          {t('b2b.programme.links.retry')}
        </Button>
      ) : null}
      {create.isSuccess ? <Alert tone="success">{t('b2b.programme.links.queued')}</Alert> : null}
      <ErrorAlert error={create.error} />
    </section>
  );
}
