import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import type { EventPageData } from '../../../app/router';
import { PageSpinner } from '../../../components/ui/spinner';
import { isRegistrationListPage } from '../lib/list-pages';

// Each target is its own chunk: the visitor's form never downloads the organiser console.
const VisitorForm = lazy(() => import('./form-page').then((m) => ({ default: m.VisitorForm })));
const RegistrationList = lazy(() =>
  import('../routes/registration-list').then((m) => ({ default: m.RegistrationList })),
);
const EventPage = lazy(() =>
  import('../../events/routes/event-page').then((m) => ({ default: m.Component })),
);

/**
 * `/events/{page}-{id}` is one route segment for the console pages, the registration lists and the
 * visitor's `/events/participant-{id}`: this picks the page's own module.
 */
export function Component() {
  const { page, id } = useLoaderData() as EventPageData;
  let content: React.ReactNode;
  if (page === 'participant' && id !== null)
    content = <VisitorForm route={{ slug: String(id), kinds: ['participant'], formId: null }} />;
  else if (isRegistrationListPage(page) && id !== null)
    content = <RegistrationList page={page} eventId={id} />;
  else content = <EventPage />;
  return <Suspense fallback={<PageSpinner />}>{content}</Suspense>;
}
