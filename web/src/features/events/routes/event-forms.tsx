import type { Event } from '@evt/contracts/events';
import type { EventForm } from '@evt/contracts/upstream-automation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { ErrorAlert } from '../../../components/ui/alert';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useEventForms } from '../../../lib/queries/event-forms';
import { useReorderEventFormsMutation } from '../api/event-forms';
import { AddEventForm } from '../components/add-event-form';
import { EventFormItem } from '../components/event-form-item';

function FormList({ event }: { event: Event }) {
  const { t } = useTranslation();
  const forms = useEventForms(event.id);
  const reorder = useReorderEventFormsMutation(event.id);
  const [announcement, setAnnouncement] = useState('');
  if (forms.isPending) return <PageSpinner />;
  if (forms.isError) return <ErrorAlert error={forms.error} />;
  const list = forms.data;
  const move = (form: EventForm, by: -1 | 1) => {
    const from = list.findIndex((f) => f.id === form.id);
    const to = from + by;
    if (from < 0 || to < 0 || to >= list.length) return;
    const ids = list.map((f) => f.id);
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    reorder.mutate(ids);
    setAnnouncement(
      t('console.eventForms.moved', { title: form.title, position: to + 1, total: list.length }),
    );
    // the same button keeps the focus when it can move on, else its neighbour does
    const edge = to === 0 || to === list.length - 1;
    const next = `event-form-${form.id}-${(by < 0) !== edge ? 'up' : 'down'}`;
    requestAnimationFrame(() => document.getElementById(next)?.focus());
  };
  return (
    <>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      <ErrorAlert error={reorder.error} />
      {list.length === 0 ? (
        <EmptyState title={t('console.eventForms.emptyTitle')} message={t('console.eventForms.empty')} />
      ) : (
        <ol className="card-list event-forms" aria-label={t('console.eventForms.listLabel')}>
          {list.map((form, index) => (
            <EventFormItem
              key={form.id}
              event={event}
              form={form}
              position={index + 1}
              total={list.length}
              move={move}
            />
          ))}
        </ol>
      )}
      <AddEventForm eventId={event.id} languages={event.languages} forms={list} announce={setAnnouncement} />
    </>
  );
}

/** `/events/forms-{eventId}`: the event's registration forms, in the order the organiser gives them. */
export function EventFormsPage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  useDocumentTitle(t('console.eventForms.title'));
  return (
    <EventLayout event={event.data}>
      <div className="page">
        <h1>{t('console.eventForms.title')}</h1>
        <p className="muted">{t('console.eventForms.intro')}</p>
        {event.isError ? <ErrorAlert error={event.error} /> : null}
        {event.data ? <FormList event={event.data} /> : event.isPending ? <PageSpinner /> : null}
      </div>
    </EventLayout>
  );
}
