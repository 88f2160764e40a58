import '../styles/console.css';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NeutralLayout } from '../components/layout/neutral-layout';
import { namedPageRoutes } from './event-pages';

type Page = (load: () => Promise<{ Component: ComponentType }>) => Pick<RouteObject, 'lazy'>;
/** The organiser console's routes, spliced into the one route table by router.tsx. */
export function consoleRoutes(page: Page) {
  const accept = () => import('../features/members/routes/accept-invitation');
  return {
    /** inside the authenticated layout */
    authenticated: [
      { path: 'members', ...page(() => import('../features/members/routes/members')) },
      // The signed-in user's own companies in B2B programmes
      { path: 'profile/b2b', ...page(() => import('../features/b2b/routes/own-profile-page')) },
      {
        path: 'organizations/settings',
        ...page(() => import('../features/organizations/routes/settings')),
      },
      // the organisation's own rules (who may create events), beside its settings
      {
        path: 'organizations/rights',
        ...page(() => import('../features/rights/routes/organization-rights-page')),
      },
      // the organisation's API keys, and the published API they call
      { path: 'organizations/api-keys', ...page(() => import('../features/api-keys/routes/api-keys-page')) },
      { path: 'organizations/api', ...page(() => import('../features/api-keys/routes/api-docs-page')) },
      { path: 'organizations/webhooks', ...page(() => import('../features/webhooks/routes/webhooks-page')) },
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
      // the report names its event (`reports-{id}`); the old address leads there (a static path outranks it)
      { path: 'analytics/reports', ...page(() => import('../features/analytics/routes/reports')) },
      namedPageRoutes.analytics,
      // the information names its event (`infos-{id}`); the old address leads there (a static path outranks
      // `events/:eventPage`)
      { path: 'events/infos', ...page(() => import('../features/events/routes/event-infos')) },
      namedPageRoutes.projects,
      namedPageRoutes.top,
    ] satisfies RouteObject[],
  };
}
