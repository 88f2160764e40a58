import { apiRoutes } from '@evt/contracts/routes';
import type { Event } from '@evt/contracts/events';
import { mainLocaleOf } from '@evt/contracts/locale';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { EventLayout } from '../../../components/layout/event-layout';
import { Alert, FormAlert } from '../../../components/ui/alert';
import { PermittedButton } from '../../../components/ui/permitted-button';
import { Form } from '../../../components/ui/form';
import { QueryResult } from '../../../components/ui/query-result';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLocalePath } from '../../../lib/locale-path';
import { useEvent } from '../../../lib/queries/event';
import { useSession } from '../../../lib/session/me';
import { useApiForm } from '../../../lib/use-api-form';
import { useUpdateEventMutation } from '../api/update-event';
import {
  dayEnd,
  dayStart,
  EVENT_FIELDS,
  EventFields,
  eventLanguagesOf,
  eventSchema,
  timeOrNull,
} from '../components/event-fields';
import { EventLifecycle } from '../components/event-lifecycle';

const day = (iso: string) => iso.slice(0, 10);

/**
 * The event's information, edited in place. A refused save keeps every entry (the form is never reset from
 * the server's copy while it is open); a day left as it was keeps its stored time.
 */
function EventInfoForm({ event, status }: { event: Event; status: Event['status'] }) {
  const { t } = useTranslation();
  const update = useUpdateEventMutation(event.id);
  const { submit, formError, field, watch } = useApiForm(eventSchema, {
    fields: EVENT_FIELDS,
    defaultValues: {
      name: event.name,
      startDate: day(event.startDate),
      endDate: day(event.endDate),
      startTime: event.startTime ?? '',
      endTime: event.endTime ?? '',
      timeZone: event.timeZone,
      venue: event.venue,
      city: event.city,
      country: event.country,
      description: event.description,
      status: event.status,
      languages: event.languages,
      mainLanguage: mainLocaleOf(event.languages),
      translations: event.translations,
    },
  });
  const onSubmit = submit(({ mainLanguage, ...v }, fail) => {
    update.mutate(
      {
        ...v,
        languages: eventLanguagesOf({ languages: v.languages, mainLanguage }),
        startDate: v.startDate === day(event.startDate) ? event.startDate : dayStart(v.startDate),
        endDate: v.endDate === day(event.endDate) ? event.endDate : dayEnd(v.endDate),
        startTime: timeOrNull(v.startTime),
        endTime: timeOrNull(v.endTime),
        country: v.country.toUpperCase(),
        // the status moves through the lifecycle panel; the form keeps the latest one, never its first copy
        status,
      },
      { onError: fail },
    );
  });
  return (
    <Form onSubmit={onSubmit} aria-labelledby="event-infos-title" className="card">
      <FormAlert messageKey={formError} />
      {update.isSuccess && !formError ? <Alert tone="success">{t('console.eventInfo.saved')}</Alert> : null}
      <EventFields
        field={field}
        statuses={[]}
        chosenLanguages={watch('languages')}
        mainLanguage={watch('mainLanguage')}
      />
      <PermittedButton
        eventId={event.id}
        call={apiRoutes.events.update}
        type="submit"
        busy={update.isPending}
      >
        {t('console.eventInfo.submit')}
      </PermittedButton>
    </Form>
  );
}

/**
 * `/events/infos`, the address before the event was named in it: the selected event's information, at its
 * own address (old links and bookmarks keep working); without a selected event, the way to choose one.
 */
export function Component() {
  const lp = useLocalePath();
  const { selection } = useSession();
  if (selection.eventId !== null) return <Navigate replace to={lp(`/events/infos-${selection.eventId}`)} />;
  return <EventInfosPage eventId={null} />;
}

/** `/events/infos-{eventId}`: the event's information (spec section 2). */
export function EventInfosPage({ eventId }: { eventId: number | null }) {
  const { t } = useTranslation();
  const lp = useLocalePath();
  const event = useEvent(eventId);
  useDocumentTitle(t('console.eventInfo.title'));
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1 id="event-infos-title">{t('console.eventInfo.title')}</h1>
        {eventId === null ? (
          <p>
            <Link to={lp('/events')}>{t('console.eventInfo.chooseEvent')}</Link>
          </p>
        ) : event.data ? (
          // drawn from the first answer on: a later failed refetch must not take the entries away
          <>
            <EventInfoForm key={event.data.id} event={event.data} status={event.data.status} />
            <EventLifecycle event={event.data} />
          </>
        ) : (
          <QueryResult query={event}>{() => null}</QueryResult>
        )}
      </div>
    </EventLayout>
  );
}
