import '../registration.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';

/** `/events-{slug}/submitted/{particapant|participant|b2b|receptionist}` (submitted layout). */
export function Submitted({ page }: { page: string }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const state = (useLocation().state ?? {}) as { email?: string; kind?: string };
  const title =
    state.kind === 'delegation'
      ? t('registration.submitted.delegation')
      : page === 'receptionist' || state.kind === 'sponsor'
        ? t('registration.submitted.form')
        : t('registration.submitted.title');
  useDocumentTitle(title);
  return (
    <NeutralLayout variant="submitted">
      <h1 className="page-title">{title}</h1>
      <Alert tone="success" title={t('registration.submitted.pending')}>
        {state.email ? <span>{t('registration.submitted.sentTo', { email: state.email })} </span> : null}
        {t('forms.common.checkMailbox')}
      </Alert>
      {page === 'receptionist' || state.kind === 'sponsor' ? (
        <p>{t('registration.submitted.contact')}</p>
      ) : null}
      <p>
        <Link to={lp('/')}>{t('registration.backHome')}</Link>
      </p>
    </NeutralLayout>
  );
}
