import '../b2b.css';
import type { OwnProgramme } from '@evt/contracts/b2b-profile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { eventNameOnPage, WithEventName } from '../../../components/event-name';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Detail } from '../../../components/ui/detail';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDateFormatter } from '../../../lib/format';
import { nameKey } from '../../../lib/i18n/keys';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { useSession } from '../../../lib/session/me';
import { openSpaceHref, useOwnProgrammes } from '../api/own';

/**
 * `/profile/b2b` (spec "not shown"): the signed-in organiser's own companies in B2B programmes,
 * when their verified address is also a company's in an event's programme. Each shows the profile summary
 * and opens the company's space (the BFF redirects with a key of its own: no personal link on this page).
 */
export function Component() {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const { user } = useSession();
  const own = useOwnProgrammes();
  useDocumentTitle(t('b2b.ownProfile.title'));
  return (
    <div className="page">
      <div className="page__header">
        <h1>{t('b2b.ownProfile.title')}</h1>
      </div>
      <p>{t('b2b.ownProfile.intro', { email: user.email })}</p>
      <ErrorAlert error={own.error} />
      {own.isPending ? <PageSpinner /> : null}
      {own.data && !own.data.emailVerified ? (
        <Alert tone="info">{t('b2b.ownProfile.unverified')}</Alert>
      ) : null}
      {own.data?.emailVerified && own.data.data.length === 0 ? (
        <EmptyState title={t('b2b.ownProfile.none')} message={t('b2b.ownProfile.what')} />
      ) : null}
      {own.data?.data.map((p) => (
        <OwnCompany key={p.registrationId} programme={p} />
      ))}
      <p>
        <Link to={lp('/profile')}>{t('b2b.ownProfile.back')}</Link>
      </p>
    </div>
  );
}

function OwnCompany({ programme: p }: { programme: OwnProgramme }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const formatDate = useDateFormatter({ dateStyle: 'medium' });
  const headingId = `b2b-own-${p.registrationId}`;
  // the event's name in the page's language when written, else the main one, marked
  const eventName = eventNameOnPage(
    { main: p.eventTitle, versions: p.eventTitles, languages: p.eventLanguages },
    locale,
  );
  const state = p.published
    ? t('b2b.ownProfile.state.published')
    : p.frozen
      ? t('b2b.ownProfile.state.frozen')
      : t('b2b.ownProfile.state.open');
  return (
    <section className="card b2b-own" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        <WithEventName
          sentence={(event) => t('b2b.ownProfile.companyAt', { company: p.company.companyName, event })}
          name={eventName}
          page={locale}
        />
      </h2>
      <dl className="details">
        {p.startDate && p.endDate ? (
          <Detail label={t('b2b.ownProfile.dates')}>
            {t('b2b.ownProfile.dateRange', { start: formatDate(p.startDate), end: formatDate(p.endDate) })}
          </Detail>
        ) : null}
        <Detail label={t('b2b.ownProfile.profileType')}>
          {t(`enums.b2bProfileTypes.${p.company.profileType}`)}
        </Detail>
        <Detail label={t('b2b.ownProfile.sectors')}>
          {p.company.sectors.map((s) => t(nameKey.option('sectors', s))).join(', ')}
        </Detail>
        <Detail label={t('b2b.ownProfile.description')}>{p.companyDescription}</Detail>
        <Detail label={t('b2b.ownProfile.programme')}>{state}</Detail>
        <Detail label={t('b2b.ownProfile.requests')}>
          {t('b2b.space.quota.left', {
            left: Math.max(0, p.requestCap - p.requestsUsed),
            cap: p.requestCap,
            used: p.requestsUsed,
          })}
        </Detail>
        {p.published ? (
          <Detail label={t('b2b.ownProfile.meetings')}>
            {t('b2b.ownProfile.meetingCount', { count: p.meetings })}
          </Detail>
        ) : null}
      </dl>
      {p.expired ? (
        <p>{t('b2b.ownProfile.expired')}</p>
      ) : (
        <p>
          <a
            className="btn btn--primary"
            href={openSpaceHref(p.registrationId, locale)}
            aria-describedby={headingId}
          >
            {t('b2b.ownProfile.open')}
          </a>
        </p>
      )}
    </section>
  );
}
