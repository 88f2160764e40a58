import { AuthenticatedLayout } from './layout/authenticated-layout';
import { DefaultLayout } from './layout/default-layout';
import { useMe } from '../lib/session/me';
import { NotFoundMessage } from './not-found-message';

/** Unmatched routes keep the layout the visitor is in: the console when signed in, the public one otherwise. */
export function NotFoundPage() {
  const { data: session } = useMe();
  const Layout = session ? AuthenticatedLayout : DefaultLayout;
  return (
    <Layout>
      <NotFoundMessage />
    </Layout>
  );
}
