import { AuthenticatedLayout } from '../../../app/layouts/authenticated';
import { DefaultLayout } from '../../../app/layouts/default';
import { useMe } from '../../auth/api/me';
import { NotFoundMessage } from '../components/not-found-message';

/** Unmatched routes keep the layout the visitor is in: the console when signed in, the public one otherwise. */
export function Component() {
  const { data: session } = useMe();
  const Layout = session ? AuthenticatedLayout : DefaultLayout;
  return (
    <Layout>
      <NotFoundMessage />
    </Layout>
  );
}
