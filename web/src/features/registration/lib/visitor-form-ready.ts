import type { QueryClient } from '@tanstack/react-query';
import { eventFormsQuery } from '../api/public-registration';
import { loadFormModule } from './form-modules';
import type { VisitorFormRoute } from './visitor-routes';

/**
 * What a visitor form renders from, requested together: the event's forms (into the query cache) and the
 * schema of each kind its URL may mean. A page that waits for this renders once, complete, rather than a
 * spinner, then the banner, then the form, each moving the page.
 */
export async function visitorFormReady(
  queryClient: QueryClient,
  route: Pick<VisitorFormRoute, 'slug' | 'kinds'>,
) {
  await Promise.all([
    queryClient.prefetchQuery(eventFormsQuery(route.slug)),
    ...route.kinds.map((kind) => loadFormModule(kind).catch(() => undefined)),
  ]);
}
