import { KIOSK_RESET_SECONDS } from '@evt/contracts/kiosk';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/**
 * The kiosk's confirmation: it names where the confirmation mail went, then gives the device to the next
 * visitor: at once with the button, or by itself after a delay said to screen readers from the start.
 */
export function KioskDone({
  email,
  place,
  onNext,
}: {
  email: string;
  /** the visitor's place on a full form's waiting list */
  place?: number | undefined;
  onNext: () => void;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef(onNext);
  next.current = onNext;
  useEffect(() => {
    heading.current?.focus();
    const timer = setTimeout(() => next.current(), KIOSK_RESET_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <section className="kiosk-done" aria-labelledby="kiosk-done-title">
      <h2 id="kiosk-done-title" ref={heading} tabIndex={-1}>
        {t('kiosk.doneTitle')}
      </h2>
      {place ? (
        <Alert tone="info" title={t('registration.submitted.waitlistedPlace', { place })}>
          {t('registration.submitted.waitlistedNext')}
        </Alert>
      ) : (
        <Alert tone="success">
          {email ? <span>{t('registration.submitted.sentTo', { email })} </span> : null}
          {t('forms.common.checkMailbox')}
        </Alert>
      )}
      <p role="status">{t('kiosk.resetIn', { count: KIOSK_RESET_SECONDS })}</p>
      <Button onClick={onNext}>{t('kiosk.nextVisitor')}</Button>
    </section>
  );
}
