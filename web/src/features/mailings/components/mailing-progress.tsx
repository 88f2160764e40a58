import { type Mailing, RECIPIENT_STATES, type RecipientState } from '@evt/contracts/mailings';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCancelMailingMutation, useRecipients, useRetryMailingMutation } from '../api/mailings';
import { usePersonName } from '../../../lib/person-name';
import { ScrollTable } from '../../../components/ui/scroll-table';

/** A mailing under way or sent: its progress bar, its counts, each recipient's state, retrying the failed. */
export function MailingProgress({
  eventId,
  mailing,
  subject,
}: {
  eventId: number;
  mailing: Mailing;
  /** the subject as the organiser reads it (`useMailingSubject`) */
  subject: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<RecipientState | undefined>();
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState(false);
  const live = mailing.status === 'sending' || mailing.status === 'scheduled';
  const recipients = useRecipients(eventId, mailing.id, state, page, live);
  // the list stops polling when the sending ends: read once more, so the last states show
  const { refetch } = recipients;
  useEffect(() => {
    if (!live) void refetch();
  }, [live, refetch]);
  const retry = useRetryMailingMutation(eventId);
  const nameOf = usePersonName();
  const cancel = useCancelMailingMutation(eventId);
  const { counts } = mailing;
  const done = counts.sent + counts.failed + counts.unsubscribed;
  const pages = Math.max(1, Math.ceil((recipients.data?.total ?? 0) / (recipients.data?.limit ?? 50)));
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{subject}</h2>
      <p>
        {t(`mailings.status.${mailing.status}`)}
        {mailing.sendAt ? ` — ${new Date(mailing.sendAt).toLocaleString()}` : ''}
      </p>
      {mailing.status === 'scheduled' ? (
        <Button variant="secondary" busy={cancel.isPending} onClick={() => cancel.mutate(mailing.id)}>
          {t('mailings.cancelSchedule')}
        </Button>
      ) : null}
      <label htmlFor={`${id}-bar`}>{t('mailings.progressLabel')}</label>
      <progress id={`${id}-bar`} max={Math.max(1, counts.total)} value={done} />
      <p aria-live="polite">
        {t('mailings.progressText', { done, total: counts.total })} — {t('mailings.counts', counts)}
      </p>
      {counts.failed > 0 && mailing.status !== 'scheduled' ? (
        <Button variant="secondary" onClick={() => setRetrying(true)}>
          {t('mailings.retry')}
        </Button>
      ) : null}
      <ConfirmDialog
        open={retrying}
        onOpenChange={setRetrying}
        title={t('mailings.confirmRetry.title')}
        description={t('mailings.confirmRetry.message', { count: counts.failed })}
        confirmLabel={t('mailings.confirmRetry.confirm')}
        tone="primary"
        busy={retry.isPending}
        error={retry.error}
        onConfirm={() => retry.mutate(mailing.id, { onSuccess: () => setRetrying(false) })}
      />
      <h3>{t('mailings.recipients')}</h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-state`}>
          {t('mailings.filter')}
        </label>
        <select
          id={`${id}-state`}
          value={state ?? ''}
          onChange={(e) => {
            setState((e.target.value || undefined) as RecipientState | undefined);
            setPage(1);
          }}
        >
          <option value="">{t('mailings.allStates')}</option>
          {RECIPIENT_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`mailings.states.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <ErrorAlert error={recipients.error} />
      <ScrollTable caption={t('mailings.recipients')} captionHidden>
        <thead>
          <tr>
            <th scope="col">{t('mailings.recipients')}</th>
            <th scope="col">{t('mailings.columns.status')}</th>
            <th scope="col">{t('mailings.error')}</th>
          </tr>
        </thead>
        <tbody>
          {(recipients.data?.data ?? []).map((r) => (
            <tr key={r.id}>
              <td>{`${nameOf({ firstNames: r.firstName, lastName: r.lastName })} <${r.email}> (${r.locale})`}</td>
              <td>{t(`mailings.states.${r.state}`)}</td>
              <td>{r.error ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {pages > 1 ? (
        <div className="form__row">
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('mailings.previousPage')}
          </Button>
          <span>{`${page} / ${pages}`}</span>
          <Button variant="ghost" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('mailings.nextPage')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
