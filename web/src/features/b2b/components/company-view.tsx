import type { CompanyProfileView, SpaceMe } from '@evt/contracts/b2b';
import { countryName } from '@evt/contracts/forms/countries';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { MessageKey } from '../../../lib/i18n/keys';
import { reasonValuesFor } from '@evt/matching/index';
import { useLocale } from '../../../lib/locale-path';
import { certificationsText, employeesText, revenueText } from './company-facts';
import { CompanyLogo } from './company-logo';
import { SendError } from './requests-left';
import { type SpaceLink, sendRequest } from '../api/space';
import { useRead } from '../../../lib/read-cache';
import { companyRead } from '../api/space-reads';

/**
 * A company's match profile (spec section 2): the match banner with its score, the company's details, why
 * it matched (the engine's strongest reasons, in words) and the contact actions (a meeting request).
 */
export function CompanyView(props: {
  link: SpaceLink;
  companyId: number;
  me: SpaceMe;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const { data, error, reload } = useRead(companyRead, { link: props.link, companyId: props.companyId });
  return (
    <article className="b2b-profile">
      <p>
        <Link to="?view=directory">{t('b2b.space.profile.back')}</Link>
      </p>
      <ErrorAlert error={error} />
      {!data && !error ? <Spinner label={t('b2b.space.loading')} /> : null}
      {data ? (
        <>
          <Banner company={data} link={props.link} />
          <Reasons company={data} />
          <Details company={data} />
          <Contact
            company={data}
            link={props.link}
            me={props.me}
            onSent={() => {
              reload();
              props.onChange();
            }}
          />
        </>
      ) : null}
    </article>
  );
}

function Banner({ company, link }: { company: CompanyProfileView; link: SpaceLink }) {
  const { t } = useTranslation();
  return (
    <header className="b2b-banner">
      {company.logo ? <CompanyLogo link={link} companyId={company.id} name={company.companyName} /> : null}
      <h2 className="b2b-banner__name">{company.companyName}</h2>
      <p className="b2b-banner__score">
        <meter min={0} max={100} value={company.score} aria-hidden="true" />{' '}
        <strong>{t('b2b.space.score', { score: company.score })}</strong>
      </p>
      <p>{t(`enums.b2bProfileTypes.${company.profileType}`)}</p>
    </header>
  );
}

function Reasons({ company }: { company: CompanyProfileView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{t('b2b.space.profile.why')}</h3>
      {company.reasons.length === 0 ? (
        <p>{t('b2b.space.profile.noReasons')}</p>
      ) : (
        <ul className="b2b-reasons">
          {company.reasons.map((r) => (
            <li key={r.criterion}>
              {t(
                `b2bMatch.reasons.${r.key}` as MessageKey,
                translatedValues(reasonValuesFor(r.values, locale), t),
              )}{' '}
              {/* a note (shared certifications) weighs nothing in the score: no points to show */}
              {r.points > 0 ? (
                <span className="b2b-reasons__points">
                  {t('b2b.space.profile.points', { points: r.points })}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A reason's values may name enumerations (`enums.sectors.x`): shown in the page's language. */
function translatedValues(values: Record<string, string | number>, t: (key: MessageKey) => string) {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [
      k,
      typeof v === 'string' && v.startsWith('enums.') ? t(v as MessageKey) : v,
    ]),
  );
}

function Details({ company }: { company: CompanyProfileView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const rows: [string, string][] = [
    [t('b2b.space.profile.description'), company.companyDescription],
    [t('b2b.space.profile.expertise'), company.skills],
    [t('b2b.space.profile.employees'), employeesText(company, t, locale)],
    [t('b2b.space.profile.revenue'), revenueText(company, t) || t('b2b.space.profile.notSaid')],
    [t('b2b.space.profile.certifications'), certificationsText(company, t) || t('b2b.space.profile.none')],
    [
      t('b2b.space.profile.sectors'),
      company.sectors.map((s) => t(`enums.sectors.${s}` as MessageKey)).join(', '),
    ],
    [t('b2b.space.profile.offer'), t(`enums.offerTypes.${company.offerType}` as MessageKey)],
    [t('b2b.space.profile.need'), t(`enums.needTypes.${company.needType}` as MessageKey)],
    [t('b2b.space.profile.urgency'), t(`enums.needUrgencies.${company.needUrgency}` as MessageKey)],
    [
      t('b2b.space.profile.partner'),
      t(`enums.targetedPartners.${company.targetedPartnerType}` as MessageKey),
    ],
    [t('b2b.space.profile.market'), company.targetMarket],
    [t('b2b.space.profile.country'), company.country ? countryName(company.country, locale) : ''],
    [t('b2b.space.profile.format'), t(`enums.participationFormats.${company.participationFormat}`)],
    [
      t('b2b.space.profile.availability'),
      `${company.availabilityStart} – ${company.availabilityEnd} · ${company.timeSlots
        .map((s) => t(`enums.timeSlots.${s}` as MessageKey))
        .join(', ')}`,
    ],
    [t('b2b.space.profile.criteria'), company.specificCriteria],
    [t('b2b.space.profile.representative'), company.fullName],
  ];
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{t('b2b.space.profile.details')}</h3>
      <dl className="b2b-details">
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        {company.websiteUrl ? (
          <div>
            <dt>{t('b2b.space.profile.website')}</dt>
            <dd>
              <a href={company.websiteUrl} rel="noopener noreferrer nofollow" target="_blank">
                {company.websiteUrl}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

function Contact(props: { company: CompanyProfileView; link: SpaceLink; me: SpaceMe; onSent: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState('');
  const [online, setOnline] = useState(props.company.participationFormat === 'online');
  const [state, setState] = useState<{ busy?: boolean; error?: unknown; sent?: boolean }>({});
  const { request } = props.company;
  const open = request && (request.status === 'pending' || request.status === 'accepted');
  const send = (e: React.FormEvent) => {
    e.preventDefault();
    setState({ busy: true });
    sendRequest(props.link, { toId: props.company.id, message, online }).then(
      () => {
        setState({ sent: true });
        props.onSent();
      },
      (error: unknown) => setState({ error }),
    );
  };
  return (
    <section aria-labelledby={id} className="b2b-contact">
      <h3 id={id}>{t('b2b.space.profile.contact')}</h3>
      {request ? (
        <p>
          {t(`b2b.space.requests.state.${request.direction}.${request.status}`, {
            company: request.otherName,
          })}
        </p>
      ) : null}
      {state.sent ? <Alert tone="success">{t('b2b.space.profile.sent')}</Alert> : null}
      {!open && !props.me.programme.frozen ? (
        <form onSubmit={send} className="b2b-contact__form">
          <div className="field">
            <label htmlFor={`${id}-m`}>{t('b2b.space.profile.message')}</label>
            <textarea
              id={`${id}-m`}
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <div className="field field--check">
            <input
              id={`${id}-o`}
              type="checkbox"
              checked={online}
              onChange={(e) => setOnline(e.target.checked)}
            />
            <label htmlFor={`${id}-o`}>{t('b2b.space.profile.online')}</label>
          </div>
          <Button type="submit" busy={state.busy}>
            {t('b2b.space.profile.request')}
          </Button>
        </form>
      ) : null}
      <SendError error={state.error} me={props.me} />
    </section>
  );
}
