import type { MailingBody } from '@evt/contracts/mailings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { usePreviewMutation } from '../api/mailings';
import { usePersonName } from '../../../lib/person-name';

/** Who the audience holds (by language) and the mail one of them would get, as they would get it. */
export function MailingPreview({ eventId, values }: { eventId: number; values: () => MailingBody }) {
  const { t } = useTranslation();
  const preview = usePreviewMutation(eventId);
  const nameOf = usePersonName();
  const selectId = useId();
  const data = preview.data;
  const run = (registrationId?: number) => preview.mutate({ ...values(), registrationId });
  return (
    <section className="card" aria-labelledby={`${selectId}-title`}>
      <h2 className="card__title" id={`${selectId}-title`}>
        {t('mailings.preview.title')}
      </h2>
      <Button variant="secondary" busy={preview.isPending} onClick={() => run()}>
        {t('mailings.preview.refresh')}
      </Button>
      <ErrorAlert error={preview.error} />
      {data ? (
        <div aria-live="polite">
          <p>
            {t('mailings.preview.total', { count: data.total })} (
            {t('mailings.preview.byLocale', data.byLocale)})
            {data.unsubscribed
              ? ` — ${t('mailings.preview.unsubscribed', { count: data.unsubscribed })}`
              : ''}
          </p>
          {data.mail ? (
            <>
              <div className="field">
                <label className="field__label" htmlFor={selectId}>
                  {t('mailings.preview.recipient')}
                </label>
                <select
                  id={selectId}
                  value={data.sample.find((s) => s.email === data.mail?.to)?.registrationId}
                  onChange={(e) => run(Number(e.target.value))}
                >
                  {data.sample.map((s) => (
                    <option key={s.registrationId} value={s.registrationId}>
                      {`${nameOf({ firstNames: s.firstName, lastName: s.lastName })} <${s.email}> (${s.locale})`}
                    </option>
                  ))}
                </select>
              </div>
              <article lang={data.mail.locale}>
                <p>
                  <strong>{t('mailings.preview.subject', { subject: data.mail.subject })}</strong>
                </p>
                <pre className="mailing-preview__text">{data.mail.text}</pre>
              </article>
            </>
          ) : (
            <p>{t('mailings.preview.none')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
