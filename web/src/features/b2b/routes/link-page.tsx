import '../b2b.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { resendLink } from '../api/space';

/**
 * `/events-{slug}/b2b-{code}`, and what an unknown, foreign or expired personal link shows: a button that
 * sends the company's link again, to the address it registered with only (nobody learns that address).
 */
export function LinkPage(props: {
  slug: string;
  code: number;
  layout: string;
  reason: 'ask' | 'unknown' | 'expired';
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ busy?: boolean; sent?: boolean; error?: unknown }>({});
  useDocumentTitle(t('b2b.space.link.title'));
  const send = () => {
    setState({ busy: true });
    resendLink(props.slug, props.code).then(
      () => setState({ sent: true }),
      (error: unknown) => setState({ error }),
    );
  };
  return (
    <NeutralLayout variant={props.layout}>
      <h1 className="page-title">{t('b2b.space.link.title')}</h1>
      {props.reason === 'expired' ? <Alert tone="error">{t('b2b.errors.linkExpired')}</Alert> : null}
      {props.reason === 'unknown' ? <Alert tone="error">{t('b2b.errors.linkUnknown')}</Alert> : null}
      <p>{t('b2b.space.link.intro')}</p>
      {state.sent ? (
        <Alert tone="success">{t('b2b.space.link.sent')}</Alert>
      ) : (
        <Button onClick={send} busy={state.busy}>
          {t('b2b.space.link.send')}
        </Button>
      )}
      <ErrorAlert error={state.error} />
    </NeutralLayout>
  );
}
