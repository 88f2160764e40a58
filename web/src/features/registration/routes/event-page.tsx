import '../registration.css';
import { FORM_SLUGS } from '@evt/contracts/forms/kinds';
import type { PublicEventPage } from '@evt/contracts/public-registrations';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageNote } from '../../../components/language-note';
import { NeutralLayout } from '../../../components/layout/neutral-layout';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';
import { API_PREFIX } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { useEventPage } from '../api/event-page';
import { EventFacts } from '../components/event-facts';
import { eventDescriptionIn, eventTitleIn, formTitleIn } from '../lib/event-texts';

/**
 * `/events/{id}` (spec section 2, public): the event as a visitor sees it (title, dates, place, logo,
 * description) and the forms open to them, each a link to its page.
 */
export function EventPage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const page = useEventPage(slug);
  const locale = useLocale();
  useDocumentTitle(page.data ? eventTitleIn(page.data.event, locale).text : t('publicEvent.title'));

  let body: React.ReactNode;
  if (page.isPending) body = <PageSpinner />;
  else if (!page.data)
    body = (
      <>
        <h1 className="page-title">{t('publicEvent.title')}</h1>
        <Alert tone="error" title={t('publicEvent.unavailable')}>
          {isApiError(page.error) && page.error.status === 404
            ? t('publicEvent.unknown')
            : t('errors.connection')}
        </Alert>
      </>
    );
  else body = <EventDetails page={page.data} />;
  return <NeutralLayout variant="event-public">{body}</NeutralLayout>;
}

function EventDetails({ page: { event, forms } }: { page: PublicEventPage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const title = eventTitleIn(event, locale);
  const description = eventDescriptionIn(event, locale);
  // one link a page: `exposant` shows whichever exhibitor form is open
  const open = forms.filter(
    (form, at) =>
      form.open && forms.findIndex((f) => f.open && FORM_SLUGS[f.kind] === FORM_SLUGS[form.kind]) === at,
  );
  return (
    <article className="event-page" aria-labelledby="event-title">
      <header className="event-page__header">
        {event.logo ? (
          <img
            className="event-page__logo"
            src={`${API_PREFIX}${event.logo}`}
            alt={t('publicEvent.logo', { event: title.text })}
            width={96}
            height={96}
          />
        ) : null}
        <h1 className="page-title" id="event-title" lang={title.locale === locale ? undefined : title.locale}>
          {title.text}
        </h1>
        <LanguageNote shown={title.locale} page={locale} />
      </header>
      <EventFacts event={event} locale={locale} />
      {description.text ? (
        <>
          <p
            className="event-page__description"
            lang={description.locale === locale ? undefined : description.locale}
          >
            {description.text}
          </p>
          {description.locale !== title.locale ? (
            <LanguageNote shown={description.locale} page={locale} />
          ) : null}
        </>
      ) : null}
      <section aria-labelledby="event-forms">
        <h2 id="event-forms">{t('publicEvent.forms')}</h2>
        {open.length ? (
          <ul className="event-page__forms">
            {open.map((form) => (
              <li key={form.kind}>
                <Link to={lp(`/events-${event.slug}/${FORM_SLUGS[form.kind]}`)}>
                  {formTitleIn(form, event.languages, locale) ?? t(`forms.kinds.${form.kind}.title`)}
                </Link>
                <p>{t(`forms.kinds.${form.kind}.intro`)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('publicEvent.noForms')}</p>
        )}
      </section>
    </article>
  );
}
