import type { PublicEventPage } from '@evt/contracts/public-registrations';
import type { Locale } from '@evt/contracts/locale';
import { useTranslation } from 'react-i18next';
import { formatEventWhen } from '../../../lib/format';
import { placeOf } from '../lib/event-facts';

/** An event's dates and place, as the public page and the post-submission recap both show them. */
export function EventFacts({ event, locale }: { event: PublicEventPage['event']; locale: Locale }) {
  const { t } = useTranslation();
  const place = placeOf(event, locale);
  return (
    <dl className="details">
      <div>
        <dt>{t('publicEvent.dates')}</dt>
        <dd>
          <time dateTime={event.startDate}>{formatEventWhen(locale, event, t)}</time>
        </dd>
      </div>
      {place ? (
        <div>
          <dt>{t('publicEvent.venue')}</dt>
          <dd>{place}</dd>
        </div>
      ) : null}
    </dl>
  );
}
