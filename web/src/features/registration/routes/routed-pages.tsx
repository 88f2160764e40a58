import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import type { VisitorFormRoute } from '../lib/visitor-routes';
import { VisitorForm } from './form-page';
import { Submitted } from './submitted-page';

/**
 * The visitor pages as routes of the application's router (a visitor who comes from a console page);
 * a direct visit gets them from the visitor's own entry (web/src/visitor), which never loads the 404 page
 * and its console layouts.
 */
const Unmatched = lazy(() =>
  import('../../../components/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

const unmatched = (
  <Suspense fallback={<PageSpinner />}>
    <Unmatched />
  </Suspense>
);

export function FormRoute() {
  const route = useLoaderData() as VisitorFormRoute | null;
  return route ? <VisitorForm route={route} /> : unmatched;
}

export function SubmittedRoute() {
  const route = useLoaderData() as { slug: string; page: string } | null;
  return route ? <Submitted slug={route.slug} page={route.page} /> : unmatched;
}
