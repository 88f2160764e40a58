import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { type BadgeSendChoice, useBadgeSendStatus, useSendBadgesMutation } from '../api/badge-sending';

/**
 * Badge sending: the badges of the choice by mail, each person once. Counts sent / remaining and a
 * progress bar that follows the queue while badges are on their way.
 */
export function BadgeSendPanel({ eventId, choice }: { eventId: number; choice: BadgeSendChoice }) {
  const { t } = useTranslation();
  const id = useId();
  const status = useBadgeSendStatus(eventId, choice);
  const send = useSendBadgesMutation(eventId);
  const counts = status.data;
  const empty = !choice.registrationId && choice.roles.length === 0;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        {t('badgeSending.title')}
      </h2>
      <p>{t('badgeSending.intro')}</p>
      {counts ? (
        <>
          <label htmlFor={`${id}-bar`}>{t('badgeSending.progressLabel')}</label>{' '}
          <progress id={`${id}-bar`} max={Math.max(1, counts.confirmed)} value={counts.sent} />
          <p aria-live="polite" data-testid="badge-send-counts">
            {t('badgeSending.progressText', { done: counts.sent, total: counts.confirmed })} —{' '}
            {t('badgeSending.counts', counts)}
          </p>
          {counts.failed > 0 ? <Alert tone="info">{t('badgeSending.failedHint')}</Alert> : null}
        </>
      ) : null}
      <p className="actions">
        <Button
          variant="secondary"
          busy={send.isPending}
          disabled={empty || counts?.remaining === 0}
          onClick={() => send.mutate(choice)}
        >
          {t('badgeSending.send')}
        </Button>
      </p>
      {send.data ? (
        <p role="status">
          {send.data.requested
            ? t('badgeSending.requested', { count: send.data.requested })
            : t('badgeSending.nothing')}
        </p>
      ) : null}
      {send.isError ? <Alert tone="error">{t('badgeSending.error')}</Alert> : null}
    </section>
  );
}
