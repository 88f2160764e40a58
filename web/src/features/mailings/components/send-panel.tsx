import { LOCALES, type Locale } from '@evt/contracts/locale';
import type { Mailing, MailingBody } from '@evt/contracts/mailings';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-error';
import type { MessageKey } from '../../../lib/i18n/keys';
import { usePreviewMutation, useSendMailingMutation, useTestMailMutation } from '../api/mailings';

/** A refusal's own messages (an empty audience, a time in the past), each an i18n key of ours. */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const keys =
    error instanceof ApiError
      ? Object.values(error.fieldErrors)
          .flat()
          .filter((k) => k.startsWith('mailings.errors.'))
      : [];
  if (!keys.length) return <ErrorAlert error={error} />;
  return (
    <p className="field__error" role="alert">
      {keys.map((k) => t(k as MessageKey)).join(' ')}
    </p>
  );
}

/** A test to oneself in a chosen language; then sending now or at a time, after a confirmation. */
export function SendPanel({
  eventId,
  saveFirst,
  values,
}: {
  eventId: number;
  /** saves the draft as typed, then runs `then` with it */
  saveFirst: (then: (mailing: Mailing) => void) => void;
  values: () => MailingBody;
}) {
  const { t } = useTranslation();
  const id = useId();
  const test = useTestMailMutation(eventId);
  const send = useSendMailingMutation(eventId);
  const [locale, setLocale] = useState<Locale>('fr');
  const [sendAt, setSendAt] = useState('');
  const preview = usePreviewMutation(eventId);
  const [confirming, setConfirming] = useState<{ mailing: Mailing; sendAt?: string; count: number } | null>(
    null,
  );
  // saved as typed, counted, then confirmed
  const ask = (when?: string) =>
    saveFirst((saved) =>
      preview.mutate(values(), {
        onSuccess: (p) => setConfirming({ mailing: saved, sendAt: when, count: p.total - p.unsubscribed }),
      }),
    );
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 className="card__title" id={`${id}-title`}>
        {t('mailings.sendNow')}
      </h2>
      <div className="form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-locale`}>
            {t('mailings.test.language')}
          </label>
          <select id={`${id}-locale`} value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`mailings.languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          busy={test.isPending}
          onClick={() => test.mutate({ ...values(), locale })}
        >
          {t('mailings.test.send')}
        </Button>
      </div>
      <ErrorAlert error={test.error} />
      {test.data ? <p role="status">{t('mailings.test.sent', { to: test.data.to })}</p> : null}
      <div className="form__row">
        <Button onClick={() => ask()}>{t('mailings.sendNow')}</Button>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-at`}>
            {t('mailings.sendAt')}
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            value={sendAt}
            onChange={(e) => setSendAt(e.target.value)}
          />
        </div>
        <Button variant="secondary" disabled={!sendAt} onClick={() => ask(new Date(sendAt).toISOString())}>
          {t('mailings.schedule')}
        </Button>
      </div>
      <Refusal error={send.error ?? preview.error} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={t('mailings.confirmSend.title')}
        description={t('mailings.confirmSend.message', { count: confirming?.count ?? 0 })}
        confirmLabel={t('mailings.confirmSend.confirm')}
        tone="primary"
        busy={send.isPending}
        error={
          send.error instanceof ApiError && Object.keys(send.error.fieldErrors).length
            ? undefined
            : send.error
        }
        onConfirm={() =>
          confirming &&
          send.mutate(
            { id: confirming.mailing.id, sendAt: confirming.sendAt },
            { onSettled: () => setConfirming(null) },
          )
        }
      />
    </section>
  );
}
