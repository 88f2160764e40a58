import type { PublicEventForms } from '@evt/contracts/public-registrations';
import { API_PREFIX } from '../../../lib/api-client';

/** The event's logo and title above its public forms. */
export function EventBanner({ event }: { event: PublicEventForms['event'] }) {
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
      <p className="visitor-banner__title">{event.title}</p>
    </div>
  );
}
