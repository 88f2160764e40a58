import '../registration.css';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { EventRecap } from '../components/event-recap';

/** `/events-{slug}/submitted/{particapant|participant|b2b|receptionist}` (submitted layout). */
export function Submitted({ slug, page }: { slug: string; page: string }) {
  const { t } = useTranslation();
  const state = (useLocation().state ?? {}) as { email?: string; kind?: string; place?: number };
  // a full form put the visitor on its waiting list: its place, and what happens next
  const place = typeof state.place === 'number' && state.place > 0 ? state.place : null;
  // spec section 8: 'Form submitted' with 'We will contact you shortly.' after the B2B form; 'Form submitted
  // successfully' after the receptionist's and sponsor's, whom the organiser calls back too
  const contact = page === 'b2b' || page === 'receptionist' || state.kind === 'sponsor';
  const title = place
    ? t('registration.submitted.waitlistedTitle')
    : state.kind === 'delegation'
      ? t('registration.submitted.delegation')
      : page === 'b2b'
        ? t('registration.submitted.b2b')
        : contact
          ? t('registration.submitted.form')
          : t('registration.submitted.title');
  useDocumentTitle(title);
  return (
    <NeutralLayout variant="submitted">
      <h1 className="page-title">{title}</h1>
      {place ? (
        <Alert tone="info" title={t('registration.submitted.waitlistedPlace', { place })}>
          {t('registration.submitted.waitlistedNext')}
        </Alert>
      ) : (
        <Alert tone="success" title={t('registration.submitted.pending')}>
          {state.email ? <span>{t('registration.submitted.sentTo', { email: state.email })} </span> : null}
          {t('forms.common.checkMailbox')}
        </Alert>
      )}
      {contact ? <p>{t('registration.submitted.contact')}</p> : null}
      <EventRecap
        slug={slug}
        next={contact ? t('registration.nextSteps.nextContact') : t('registration.nextSteps.nextPending')}
      />
    </NeutralLayout>
  );
}
