import '../leads.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventName, eventNameOnPage } from '../../../components/event-name';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLinkKey } from '../../../lib/link-key';
import { useLocale } from '../../../lib/locale-path';
import { useRead } from '../../../lib/read-cache';
import { forgetStandOnPhone, useLeadDevice } from '../api/lead-device';
import { spaceRead, type StandLink } from '../api/space';
import { LeadList } from '../components/lead-list';
import { ScanPanel } from '../components/scan-panel';

/** The link's key arrives in the fragment only: the page's path never holds it. */
const samePath = (pathname: string) => pathname;

/**
 * `/events-{slug}/exhibitor-{code}#key={key}`: an exhibitor's lead scanning, phone first, opened by the
 * link the organiser mailed the stand (no account; lib/link-key.ts keeps the key on the phone, which may
 * install the page, and sends it in a header). Scans are kept on the phone until the server has them (api/lead-device.ts).
 */
export function ExhibitorSpacePage({ slug, code }: { slug: string; code: number }) {
  const { t } = useTranslation();
  const scope = `exhibitor:${slug}:${code}`;
  // kept on the phone: the page is installed on a stand's phone and opened from its home screen
  const key = useLinkKey(scope, null, samePath, 'device');
  const [forgotten, setForgotten] = useState(false);
  useDocumentTitle(t('leads.space.title'));
  if (key === null || forgotten)
    return (
      <NeutralLayout>
        <h1 className="page-title">{t('leads.space.title')}</h1>
        <Alert tone="info">{t(forgotten ? 'leads.space.forgotten' : 'leads.space.noKey')}</Alert>
      </NeutralLayout>
    );
  const forget = () => {
    void forgetStandOnPhone(scope);
    setForgotten(true);
  };
  return <StandSpace link={{ slug, code, key }} onForget={forget} />;
}

function StandSpace({ link, onForget }: { link: StandLink; onForget: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const space = useRead(spaceRead, link, { keepPrevious: true });
  const device = useLeadDevice(link, space.reload);
  if (space.error && !space.data) {
    const closed = isApiError(space.error) && [400, 404, 410].includes(space.error.status);
    return (
      <NeutralLayout>
        <h1 className="page-title">{t('leads.space.title')}</h1>
        {closed ? <ErrorAlert error={space.error} /> : <Alert tone="error">{t('errors.connection')}</Alert>}
      </NeutralLayout>
    );
  }
  if (!space.data) return <PageSpinner />;
  const { data } = space;
  const eventName = eventNameOnPage(
    { main: data.eventTitle, versions: data.eventTitles, languages: data.eventLanguages },
    locale,
  );
  return (
    <NeutralLayout>
      <div className="lead-space">
        <p className="lead-space__event">
          <EventName name={eventName} page={locale} />
        </p>
        <h1 className="page-title">{data.exhibitor.name}</h1>
        <p>{t('leads.space.intro')}</p>
        <ScanPanel device={device} />
        <LeadList link={link} leads={data.leads} onChange={space.reload} />
        <section className="lead-space__phone" aria-labelledby="lead-space-phone">
          <h2 id="lead-space-phone">{t('leads.space.phone')}</h2>
          <p>{t('leads.space.forgetHint')}</p>
          <Button variant="secondary" onClick={onForget}>
            {t('leads.space.forget')}
          </Button>
        </section>
      </div>
    </NeutralLayout>
  );
}
