import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageNote } from '../../../components/language-note';
import { useLocale, useLocalePath } from '../../../lib/locale-path';
import { useEventPage } from '../api/event-page';
import { eventTitleIn } from '../lib/event-texts';
import { EventFacts } from './event-facts';

/**
 * After submitting or confirming: the event the visitor registered for (name, dates, place, read from the
 * server by its slug, never from the address's text), what happens next, and the way back to the event's
 * public page `/events/{id}`.
 */
export function EventRecap({ slug, next }: { slug: string; next: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const lp = useLocalePath();
  const page = useEventPage(slug);
  const event = page.data?.event;
  if (!event) return <p>{next}</p>;
  const title = eventTitleIn(event, locale);
  return (
    <section className="event-recap" aria-labelledby="event-recap-title">
      <h2 id="event-recap-title" lang={title.locale === locale ? undefined : title.locale}>
        {title.text}
      </h2>
      <LanguageNote shown={title.locale} page={locale} />
      <EventFacts event={event} locale={locale} />
      <h3>{t('registration.nextSteps.next')}</h3>
      <p>{next}</p>
      <p>
        <Link to={lp(`/events/${event.id}`)}>
          {t('registration.nextSteps.backToEvent', { event: title.text })}
        </Link>
      </p>
    </section>
  );
}
