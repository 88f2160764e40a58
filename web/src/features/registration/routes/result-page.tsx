import '../registration.css';
import { LOCALES } from '@evt/contracts/locale';
import { REGISTRATION_KINDS, type RegistrationKind } from '@evt/contracts/forms/kinds';
import { confirmResult } from '@evt/contracts/public-registrations';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { resendConfirmation } from '../api/public-registration';
import { EventRecap } from '../components/event-recap';

/**
 * `/events/result-page/success` and `/error` (and the bare `/events/result-page`): where the confirmation link leads. Success says confirmed or
 * already confirmed; error says expired or unknown and offers to mail a new link. The success text names
 * the event from the BFF's confirmation, which the confirm page passes in the history entry's state (it
 * survives a reload; another site cannot write it): never from the address, where a crafted link could put
 * any text in the page (`?event=… pay 50 EUR at …`). Without that state the page confirms nothing.
 */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const location = useLocation();
  // the bare page (no outcome) is the success page without a confirmation: nothing to confirm, no resend
  const ok = !location.pathname.replace(/\/+$/, '').endsWith('/error');
  const [params] = useSearchParams();
  const status = params.get('status');
  const parsed = confirmResult.safeParse((location.state as { confirmation?: unknown } | null)?.confirmation);
  const confirmation = ok && parsed.success ? parsed.data : null;
  const title = confirmation
    ? t('registration.result.successTitle')
    : ok
      ? t('registration.result.noConfirmationTitle')
      : t('registration.result.errorTitle');
  useDocumentTitle(title);
  const message = confirmation
    ? t(
        confirmation.status === 'already_confirmed'
          ? 'registration.result.alreadyConfirmed'
          : 'registration.result.confirmed',
        { event: confirmation.eventTitle },
      )
    : ok
      ? t('registration.result.noConfirmation')
      : status === 'expired'
        ? t('errors.linkExpired')
        : status === 'unknown'
          ? t('errors.linkUnknown')
          : t('registration.result.failed');
  return (
    <NeutralLayout variant="neutral">
      <h1 className="page-title">{title}</h1>
      <Alert tone={confirmation ? 'success' : ok ? 'info' : 'error'}>{message}</Alert>
      {confirmation?.telegramLink ? (
        <p className="telegram-link">
          <a href={confirmation.telegramLink} rel="noopener noreferrer" aria-describedby="telegram-hint">
            {t('telegram.visitor.link')}
          </a>
          <br />
          <span id="telegram-hint" className="field__hint">
            {t('telegram.visitor.hint')}
          </span>
        </p>
      ) : null}
      {!ok ? <ResendForm /> : null}
      {confirmation ? (
        <EventRecap slug={confirmation.eventSlug} next={t('registration.nextSteps.nextConfirmed')} />
      ) : (
        <p>
          <Link to={lp('/')}>{t('registration.backHome')}</Link>
        </p>
      )}
    </NeutralLayout>
  );
}

function ResendForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const kindParam = params.get('kind') ?? 'participant';
  const kind = (
    (REGISTRATION_KINDS as readonly string[]).includes(kindParam) ? kindParam : 'participant'
  ) as RegistrationKind;
  const eventSlug = params.get('slug') ?? '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!/^\S+@\S+\.\S+$/.test(email.trim())) return setProblem(t('validation.email'));
    if (!eventSlug) return setProblem(t('registration.result.noEvent'));
    setBusy(true);
    try {
      await resendConfirmation({ email, eventSlug, kind, locale: LOCALES.includes(locale) ? locale : 'fr' });
      setSent(true);
    } catch {
      setProblem(t('errors.connection'));
    } finally {
      setBusy(false);
    }
  }

  if (sent) return <Alert tone="success">{t('registration.result.resent')}</Alert>;
  return (
    <form noValidate className="form" onSubmit={onSubmit} aria-labelledby="resend-title">
      <h2 id="resend-title">{t('registration.result.resendTitle')}</h2>
      <div className={`field${problem ? ' field--invalid' : ''}`}>
        <label className="field__label" htmlFor="resend-email">
          {t('forms.fields.email.label')}
        </label>
        <input
          id="resend-email"
          type="email"
          className="input"
          autoComplete="email"
          value={email}
          aria-invalid={Boolean(problem)}
          aria-describedby={problem ? 'resend-error' : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        {problem ? (
          <p className="field__error" id="resend-error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" busy={busy}>
        {t('registration.result.resend')}
      </Button>
    </form>
  );
}
