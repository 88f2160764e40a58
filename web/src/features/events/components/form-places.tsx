import { eventTimeZone } from '@evt/contracts/event-time-zone';
import type { Event } from '@evt/contracts/events';
import type { EventForm } from '@evt/contracts/upstream-automation';
import { useTranslation } from 'react-i18next';
import { useDateFormatter } from '../../../lib/format';

/** Whether a form has anything to say about its places: a capacity, a closing date, people waiting. */
export const hasLimits = (form: EventForm) =>
  form.capacity != null ||
  Boolean(form.closesAt) ||
  Boolean(form.places?.waitlisted) ||
  Boolean(form.places?.promoted);

/**
 * A form's places as the organiser reads them on the forms page: held over the capacity, waiting and
 * promoted people, and the closing date in the event's time zone. Nothing for a form without limits.
 */
export function FormPlaces({ event, form }: { event: Pick<Event, 'timeZone'>; form: EventForm }) {
  const { t } = useTranslation();
  const formatDate = useDateFormatter({
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: eventTimeZone(event),
  });
  if (!hasLimits(form)) return null;
  const places = form.places ?? { taken: form.registrations ?? 0, waitlisted: 0, promoted: 0 };
  const parts = [
    form.capacity == null
      ? t('console.eventForms.places.noLimit', { taken: places.taken })
      : t('console.eventForms.places.taken', { taken: places.taken, capacity: form.capacity }),
    ...(form.waitlist || places.waitlisted
      ? [t('console.eventForms.places.waiting', { count: places.waitlisted })]
      : []),
    ...(places.promoted ? [t('console.eventForms.places.promoted', { count: places.promoted })] : []),
    ...(form.closesAt ? [t('console.eventForms.places.closesAt', { date: formatDate(form.closesAt) })] : []),
  ];
  return <p className="muted">{parts.join(' · ')}</p>;
}

/**
 * The dashboard's view of the same: one row per form with limits or a waiting list, registered over
 * capacity, waiting and promoted people.
 */
export function PlacesTable({ forms }: { forms: readonly EventForm[] }) {
  const { t } = useTranslation();
  const limited = forms.filter(hasLimits);
  if (limited.length === 0) return null;
  return (
    <table className="table">
      <caption className="sr-only">{t('console.metrics.places.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('console.metrics.places.form')}</th>
          <th scope="col">{t('console.metrics.places.registered')}</th>
          <th scope="col">{t('console.metrics.places.waiting')}</th>
          <th scope="col">{t('console.metrics.places.promoted')}</th>
        </tr>
      </thead>
      <tbody>
        {limited.map((form) => (
          <tr key={form.id}>
            <th scope="row">{form.title}</th>
            <td>
              {form.capacity == null
                ? (form.places?.taken ?? 0)
                : t('console.metrics.places.ofCapacity', {
                    taken: form.places?.taken ?? 0,
                    capacity: form.capacity,
                  })}
            </td>
            <td>{form.places?.waitlisted ?? 0}</td>
            <td>{form.places?.promoted ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
