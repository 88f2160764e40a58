import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { LanguageNote } from '../../../components/language-note';
import { API_PREFIX } from '../../../lib/api-client';
import { useLocale } from '../../../lib/locale-path';
import { eventTitleIn } from '../lib/event-texts';

/** The event's logo and title above its public forms, the title in the page's language when written. */
export function EventBanner({ event }: { event: PublicEventForms['event'] }) {
  const locale = useLocale();
  const title = eventTitleIn(event, locale);
  return (
    <div className="visitor-banner">
      {event.logo ? (
        <img
          className="visitor-banner__logo"
          src={`${API_PREFIX}${event.logo}`}
          alt=""
          width={64}
          height={64}
        />
      ) : null}
      <p className="visitor-banner__title" lang={title.locale === locale ? undefined : title.locale}>
        {title.text}
      </p>
      <LanguageNote shown={title.locale} page={locale} />
    </div>
  );
}
