import '../b2b.css';
import type { B2bLayout } from '@evt/contracts/b2b';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EventName, eventNameOnPage } from '../../../components/event-name';
import { LanguageNote } from '../../../components/language-note';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLinkKey } from '../../../lib/link-key';
import { useLocale } from '../../../lib/locale-path';
import type { SpaceLink } from '../api/space';
import { useRead } from '../../../lib/read-cache';
import { meRead } from '../api/space-reads';
import { AgendaView } from '../components/agenda-view';
import { CompanyView } from '../components/company-view';
import { DirectoryView } from '../components/directory-view';
import { ProfileEditView } from '../components/profile-edit-view';
import { RequestsLeft } from '../components/requests-left';
import { RequestsView } from '../components/requests-view';
import { SuggestionsView } from '../components/suggestions-view';
import { LinkPage } from './link-page';

export const SPACE_VIEWS = ['suggestions', 'directory', 'requests', 'agenda', 'profile'] as const;
type View = (typeof SPACE_VIEWS)[number];

const layoutVariant = (layout: B2bLayout) => (layout === 'sipen' ? 'form-sipen' : 'form');

/** `/events-{slug}/b2b-{code}-{confirm}` → `/events-{slug}/b2b-{code}`: the address without the key */
const withoutKey = (pathname: string) => pathname.replace(/-[0-9a-f]{48}$/, '');

/**
 * `/events-{slug}/b2b-{code}#key={confirm}` (and the older `/events-{slug}/b2b-{code}-{confirm}`): a
 * confirmed company's private space, opened by its personal link (no password; lib/link-key.ts). Views in
 * the address (`?view=directory`, `?company=12`), so Back and a reload keep them. Without a key, or with
 * an unknown, foreign or expired one, the page that sends the link again.
 */
export function SpacePage(props: { slug: string; code: number; confirm: string | null; layout: B2bLayout }) {
  const { slug, code, layout } = props;
  const confirm = useLinkKey(`b2b:${slug}:${code}`, props.confirm, withoutKey);
  if (confirm === null)
    return <LinkPage slug={slug} code={code} layout={layoutVariant(layout)} reason="ask" />;
  return <Space link={{ slug, code, key: confirm }} variant={layoutVariant(layout)} />;
}

function Space({ link, variant }: { link: SpaceLink; variant: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params] = useSearchParams();
  const me = useRead(meRead, link);
  const view = (SPACE_VIEWS as readonly string[]).includes(params.get('view') ?? '')
    ? (params.get('view') as View)
    : 'suggestions';
  const companyId = Number(params.get('company') ?? '') || null;
  useDocumentTitle(me.data ? t('b2b.space.title', { company: me.data.company.companyName }) : undefined);

  if (me.error) {
    const reason = isApiError(me.error) && me.error.status === 410 ? 'expired' : 'unknown';
    if (
      isApiError(me.error) &&
      (me.error.status === 404 || me.error.status === 410 || me.error.status === 400)
    )
      return <LinkPage slug={link.slug} code={link.code} layout={variant} reason={reason} />;
    return (
      <NeutralLayout variant={variant}>
        <Alert tone="error">{t('errors.connection')}</Alert>
      </NeutralLayout>
    );
  }
  if (!me.data) return <PageSpinner />;
  const { data } = me;
  const reloadMe = me.reload;
  const eventName = eventNameOnPage(
    { main: data.eventTitle, versions: data.eventTitles, languages: data.eventLanguages },
    locale,
  );
  return (
    <NeutralLayout variant={variant}>
      <p className="b2b-space__event">
        <EventName name={eventName} page={locale} />
      </p>
      <LanguageNote shown={eventName.locale} page={locale} />
      <h1 className="page-title">{t('b2b.space.title', { company: data.company.companyName })}</h1>
      <nav aria-label={t('b2b.space.navLabel')} className="b2b-tabs">
        <ul>
          {SPACE_VIEWS.map((v) => (
            <li key={v}>
              <Link
                to={`?view=${v}`}
                aria-current={v === view && companyId === null ? 'page' : undefined}
                className="b2b-tabs__link"
              >
                {v === 'profile' ? t('b2b.space.tabs.profile') : t(`b2b.space.tabs.${v}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.programme.frozen ? <Alert tone="info">{t('b2b.space.frozen')}</Alert> : null}
      <RequestsLeft me={data} />
      {companyId !== null ? (
        <CompanyView link={link} companyId={companyId} me={data} onChange={reloadMe} />
      ) : view === 'directory' ? (
        <DirectoryView link={link} />
      ) : view === 'requests' ? (
        <RequestsView link={link} frozen={data.programme.frozen} onChange={reloadMe} />
      ) : view === 'agenda' ? (
        <AgendaView link={link} />
      ) : view === 'profile' ? (
        <ProfileEditView link={link} frozen={data.programme.frozen} onSaved={reloadMe} />
      ) : (
        <SuggestionsView link={link} />
      )}
    </NeutralLayout>
  );
}
