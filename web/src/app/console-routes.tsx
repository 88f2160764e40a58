import '../styles/console.css';
import type { ComponentType } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { NeutralLayout } from '../components/layout/neutral-layout';

type Page = (load: () => Promise<{ Component: ComponentType }>) => Pick<RouteObject, 'lazy'>;
const ID = /^[1-9]\d{0,9}$/;

/** What the console page switch (event-pages.tsx) renders. */
export interface ConsolePageData {
  page: 'dashboard' | 'add' | 'commission' | 'projects' | 'activities' | null;
  id: number | null;
  /** not a console path at all: the non-fatal 404 */
  unmatched?: boolean;
}

/** `/events/commission-{commissionId}/projects`: a known page with a bad id is a fatal 404. */
function projectsLoader({ params }: LoaderFunctionArgs): ConsolePageData {
  const match = /^commission-(.*)$/.exec(params.eventPage ?? '');
  if (!match) return { page: null, id: null, unmatched: true };
  if (!ID.test(match[1] ?? '')) throw data(null, { status: 404, statusText: 'Not Found' });
  return { page: 'projects', id: Number(match[1]) };
}

/** `/activities-{event}`: one free segment, so every other one-segment path lands here as unmatched. */
function activitiesLoader({ params }: LoaderFunctionArgs): ConsolePageData {
  const match = /^activities-(.*)$/.exec(params.segment ?? '');
  if (!match) return { page: null, id: null, unmatched: true };
  if (!ID.test(match[1] ?? '')) throw data(null, { status: 404, statusText: 'Not Found' });
  return { page: 'activities', id: Number(match[1]) };
}

/** The organiser console's routes of issue 3, spliced into the one route table by router.tsx. */
export function consoleRoutes(page: Page) {
  const accept = () => import('../features/members/routes/accept-invitation');
  return {
    /** inside the authenticated layout */
    authenticated: [
      { path: 'members', ...page(() => import('../features/members/routes/members')) },
      {
        path: 'organizations/settings',
        ...page(() => import('../features/organizations/routes/settings')),
      },
      {
        path: 'organizations/:collaborators',
        ...page(() => import('../features/members/routes/collaborators')),
      },
      {
        path: 'organizations/:collaborators/:commissionId',
        ...page(() => import('../features/members/routes/collaborators')),
      },
    ] satisfies RouteObject[],
    /** with their own layout */
    top: [
      {
        element: <NeutralLayout />,
        children: [
          { path: 'organizations/invite', ...page(accept) },
          // the spec's misspelt variants lead to the same flow (the token is the code)
          { path: 'organizations/intivite', ...page(accept) },
          { path: 'organizations/intivite/:token', ...page(accept) },
        ],
      },
      { path: 'admin/features', ...page(() => import('../features/events/routes/admin-features')) },
      { path: 'events/:eventPage/projects', loader: projectsLoader, ...page(() => import('./event-pages')) },
      { path: ':segment', loader: activitiesLoader, ...page(() => import('./event-pages')) },
    ] satisfies RouteObject[],
  };
}
