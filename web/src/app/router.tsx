import { LOCALE_PREFIX, LOCALES, type Locale, splitLocalePrefix } from '@evt/contracts/locale';
import type { QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
  useLoaderData,
} from 'react-router';
import { AppSkeleton } from './app-skeleton';
import { ErrorPage } from './error-page';
import {
  formIdLoader,
  publicEventMatch,
  submittedLoader,
  type VisitorFormRoute,
  visitorFormLoader,
} from '../features/registration/lib/visitor-routes';
import { importWithReload } from '../lib/build-watch';
import { setUnauthorizedHandler } from '../lib/api-client';
import { accessLoader, clearSession, type DocumentLoad, loginPath } from './access';
import { consoleRoutes } from './console-routes';
import { namedPageRoutes } from './event-pages';
import { AuthenticatedLayout } from '../components/layout/authenticated-layout';
import { DefaultLayout } from '../components/layout/default-layout';
import { GuestLayout } from '../components/layout/guest-layout';
import { Root } from './root';

/** Route modules load on demand; a module missing after a deployment reloads the page (throttled). */
const page = (load: () => Promise<{ Component: ComponentType }>) => ({ lazy: importWithReload(load) });
const formRoute = page(() =>
  import('../features/registration/routes/routed-pages').then((m) => ({ Component: m.FormRoute })),
);

/** A visitor form's route waits, behind the first-paint skeleton, for what the form renders from. */
function withVisitorForm(loader: (args: LoaderFunctionArgs) => VisitorFormRoute | null) {
  return async (args: LoaderFunctionArgs) => {
    const route = loader(args);
    if (!route) return route;
    const { visitorFormReady } = await import('../features/registration/lib/visitor-form-ready');
    await visitorFormReady(route);
    return route;
  };
}

const PublicEventPage = lazy(
  importWithReload(() =>
    import('../features/registration/routes/event-page').then((m) => ({ default: m.EventPage })),
  ),
);

/** Draws the event's public page when the loader found one, else what the segment's own route draws. */
function PublicEventOr({ otherwise }: { otherwise: ReactNode }) {
  const match = useLoaderData() as { publicEvent?: string } | null;
  if (typeof match?.publicEvent !== 'string') return otherwise;
  return (
    <Suspense fallback={<AppSkeleton />}>
      <PublicEventPage slug={match.publicEvent} />
    </Suspense>
  );
}

/**
 * `/events/{id}` (public, a numeric id) in the segment of the console's `/events/{page}-{id}`: the
 * event's page when the path is one, the segment's own page otherwise.
 */
function withPublicEventPage(
  route: RouteObject & { loader: LoaderFunction; element: ReactNode },
): RouteObject {
  return {
    ...route,
    loader: (args: LoaderFunctionArgs) => {
      const found = publicEventMatch(args.request);
      return found ? { publicEvent: found.slug } : route.loader(args);
    },
    element: <PublicEventOr otherwise={route.element} />,
  };
}

/** The one route table; every locale gets a copy of it under its prefix. */
function routeTable(): RouteObject[] {
  const console = consoleRoutes(page);
  return [
    {
      element: <DefaultLayout />,
      children: [
        { index: true, ...page(() => import('../features/static-pages/routes/landing')) },
        { path: 'about', ...page(() => import('../features/static-pages/routes/about')) },
        { path: 'contact', ...page(() => import('../features/static-pages/routes/contact')) },
        { path: 'privacy', ...page(() => import('../features/static-pages/routes/privacy')) },
        { path: 'terms', ...page(() => import('../features/static-pages/routes/terms')) },
      ],
    },
    {
      element: <GuestLayout />,
      children: [
        { path: 'auth/login', ...page(() => import('../features/auth/routes/login')) },
        { path: 'auth/register', ...page(() => import('../features/auth/routes/register')) },
        { path: 'auth/forgot_password', ...page(() => import('../features/auth/routes/forgot-password')) },
        { path: 'forgot-password', ...page(() => import('../features/auth/routes/forgot-password')) },
        { path: 'auth/change_password', ...page(() => import('../features/auth/routes/change-password')) },
        { path: 'reset-password', ...page(() => import('../features/auth/routes/reset-password')) },
        { path: 'verify-email', ...page(() => import('../features/auth/routes/verify-email')) },
      ],
    },
    {
      element: <AuthenticatedLayout />,
      children: [
        { path: 'home', ...page(() => import('../features/organizations/routes/home')) },
        { path: 'events', ...page(() => import('../features/events/routes/events')) },
        { path: 'profile', ...page(() => import('../features/profile/routes/profile')) },
        ...console.authenticated,
      ],
    },
    // console pages, registration lists, the visitor's /events/participant-{id} and the event's public
    // page /events/{id} share this segment
    withPublicEventPage(namedPageRoutes.events),
    // public registration: `/events-{slug}/...` is matched as a segment and checked by the loaders
    {
      path: ':eventSeg/:formSlug',
      loader: withVisitorForm(visitorFormLoader),
      ...formRoute,
    },
    {
      path: ':eventSeg/submitted/:page',
      loader: submittedLoader,
      ...page(() =>
        import('../features/registration/routes/routed-pages').then((m) => ({ Component: m.SubmittedRoute })),
      ),
    },
    {
      path: 'events/:id/:formSeg/participant',
      loader: withVisitorForm(formIdLoader),
      ...formRoute,
    },
    {
      path: 'events/:id/:formSeg/b2b',
      loader: withVisitorForm(formIdLoader),
      ...formRoute,
    },
    {
      path: 'events/result-page',
      ...page(() => import('../features/registration/routes/result-page')),
    },
    {
      path: 'events/result-page/success',
      ...page(() => import('../features/registration/routes/result-page')),
    },
    {
      path: 'events/result-page/error',
      ...page(() => import('../features/registration/routes/result-page')),
    },
    {
      path: 'public/registrations/confirm',
      ...page(() => import('../features/registration/routes/confirm-page')),
    },
    ...console.top,
    {
      path: '*',
      ...page(() => import('../components/not-found-page').then((m) => ({ Component: m.NotFoundPage }))),
    },
  ];
}

/** One router's routes: one document (its first navigation) shared by the locale branches. */
export function buildRoutes(queryClient: QueryClient): RouteObject[] {
  const documentLoad: DocumentLoad = {};
  return LOCALES.map((locale: Locale) => ({
    path: LOCALE_PREFIX[locale] || '/',
    loader: accessLoader(locale, queryClient, documentLoad),
    // Access rules apply to every navigation, not only when this branch is entered.
    shouldRevalidate: () => true,
    element: <Root />,
    errorElement: <ErrorPage />,
    hydrateFallbackElement: <AppSkeleton />,
    children: routeTable(),
  }));
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** A 401 from any API call: the session is gone; go to login with the way back. */
export function handleUnauthorized(router: AppRouter, queryClient: QueryClient): void {
  setUnauthorizedHandler(() => {
    const { pathname, search } = router.state.location;
    const locale = splitLocalePrefix(pathname).locale ?? 'fr';
    clearSession(queryClient);
    void router.navigate(loginPath(locale, `${pathname}${search}`), { replace: true });
  });
}

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const router = createBrowserRouter(buildRoutes(queryClient));
  handleUnauthorized(router, queryClient);
  return router;
}
