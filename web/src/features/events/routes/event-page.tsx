import { useLoaderData } from 'react-router';
import { AuthenticatedLayout } from '../../../app/layouts/authenticated';
import type { EventPageData } from '../../../app/router';
import { NotFoundMessage } from '../../errors/components/not-found-message';
import { Dashboard } from '../components/dashboard';

/** `/events/{page}-{id}`: the loader has checked the page name and the id. */
export function Component() {
  const { page, id } = useLoaderData() as EventPageData;
  if (page === 'dashboard' && id !== null) return <Dashboard eventId={id} />;
  return (
    <AuthenticatedLayout>
      <NotFoundMessage />
    </AuthenticatedLayout>
  );
}
