import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { NotFoundMessage } from '../components/not-found-message';
import { NotFoundPage } from '../components/not-found-page';
import { AuthenticatedLayout } from '../components/layout/authenticated-layout';
import type { ConsolePageData } from './console-routes';

// each console page is its own chunk (the dashboard's one pulls chart.js in lazily too)
const Dashboard = lazy(() => import('../features/events/routes/event-dashboard'));
const AddEvent = lazy(() =>
  import('../features/events/routes/add-event').then((m) => ({ default: m.AddEventPage })),
);
const Commissions = lazy(() =>
  import('../features/commissions/routes/commissions').then((m) => ({ default: m.CommissionsPage })),
);
const Projects = lazy(() =>
  import('../features/commissions/routes/projects').then((m) => ({ default: m.ProjectsPage })),
);
const Activities = lazy(() =>
  import('../features/events/routes/activities').then((m) => ({ default: m.ActivitiesPage })),
);

function Page({ data }: { data: ConsolePageData }) {
  const { page, id } = data;
  if (id === null) return null;
  switch (page) {
    case 'dashboard':
      return <Dashboard eventId={id} />;
    case 'add':
      return <AddEvent organizationId={id} />;
    case 'commission':
      return <Commissions eventId={id} />;
    case 'projects':
      return <Projects teamId={id} />;
    case 'activities':
      return <Activities eventId={id} />;
    default:
      return null;
  }
}

/** `/events/{page}-{id}`, `/events/commission-{id}/projects`, `/activities-{id}`: the loader checked both parts. */
export function Component() {
  const data = useLoaderData() as ConsolePageData;
  if (data.page === null || data.id === null) {
    return data.page === null && data.unmatched ? (
      <NotFoundPage />
    ) : (
      <AuthenticatedLayout>
        <NotFoundMessage />
      </AuthenticatedLayout>
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      <Page data={data} />
    </Suspense>
  );
}
