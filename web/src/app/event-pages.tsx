import { pageFeature } from '@evt/contracts/feature-access';
import type { EventFeature } from '@evt/contracts/features';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { data, type LoaderFunctionArgs, type RouteObject, useLoaderData } from 'react-router';
import { AuthenticatedLayout } from '../components/layout/authenticated-layout';
import { FeatureGate } from '../components/feature-gate';
import { NotFoundMessage } from '../components/not-found-message';
import { NotFoundPage } from '../components/not-found-page';
import { PageSpinner } from '../components/ui/spinner';
import { importWithReload } from '../lib/build-watch';
import { REGISTRATION_LIST_PAGE_NAMES, type RegistrationListPage } from '../lib/registration-list-pages';
import { parseRouteId, splitNamedSegment } from '../lib/route-id';

/** A page named in a URL segment `{page}-{id}`: it draws itself from the id (and the page's name). */
type NamedPage = (id: number, page: string) => ReactNode;

/** Each page is its own chunk (the visitor's form never downloads the console); a missing one reloads. */
function namedPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props: (id: number, page: string) => P,
): NamedPage {
  const Page: LazyExoticComponent<ComponentType<P>> = lazy(
    importWithReload(async () => ({ default: await load() })),
  );
  return (id, page) => <Page {...props(id, page)} />;
}

// a registration's detail shows its information requests beside it; its filters, the event's forms
const registrationList = namedPage(
  async () => {
    const [{ RegistrationList }, { RegistrationRequests }, { EventFormKinds }] = await Promise.all([
      import('../features/registration/routes/registration-list'),
      import('../features/requests/components/registration-requests'),
      import('../features/events/components/event-form-kinds'),
    ]);
    return (props: { page: RegistrationListPage; eventId: number }) => (
      <EventFormKinds eventId={props.eventId}>
        {(eventKinds) => (
          <RegistrationList
            {...props}
            eventKinds={eventKinds}
            detailsExtra={(id) => <RegistrationRequests eventId={props.eventId} registrationId={id} />}
          />
        )}
      </EventFormKinds>
    );
  },
  (eventId, page) => ({ page: page as RegistrationListPage, eventId }),
);

/** `/events/{page}-{id}` (spec section 2): the console's event pages, the registration lists, the visitor's form. */
const EVENT_PAGES: Record<string, NamedPage> = {
  // the dashboard, with the check-in counts of the badges feature among its panels
  dashboard: namedPage(
    async () => {
      const [{ default: EventDashboard }, { CheckinStats }] = await Promise.all([
        import('../features/events/routes/event-dashboard'),
        import('../features/badges/components/checkin-stats'),
      ]);
      return ({ eventId }: { eventId: number }) => (
        <EventDashboard eventId={eventId}>
          <CheckinStats eventId={eventId} />
        </EventDashboard>
      );
    },
    (eventId) => ({ eventId }),
  ),
  badges: namedPage(
    () => import('../features/badges/routes/badge-models').then((m) => m.BadgeModelsPage),
    (eventId) => ({ eventId }),
  ),
  testpdf: namedPage(
    () => import('../features/badges/routes/test-pdf').then((m) => m.TestPdfPage),
    (eventId) => ({ eventId }),
  ),
  genbadge: namedPage(
    () => import('../features/badges/routes/generate-badges').then((m) => m.GenerateBadgesPage),
    (eventId) => ({ eventId }),
  ),
  // not in the spec's list: the staff's check-in page at the door
  checkin: namedPage(
    () => import('../features/badges/routes/checkin').then((m) => m.CheckinPage),
    (eventId) => ({ eventId }),
  ),
  // not in the spec's list: how many leads each exhibitor's stand made, and their links
  leads: namedPage(
    () => import('../features/leads/routes/leads-page').then((m) => m.LeadsPage),
    (eventId) => ({ eventId }),
  ),
  add: namedPage(
    () => import('../features/events/routes/add-event').then((m) => m.AddEventPage),
    (organizationId) => ({ organizationId }),
  ),
  // the event's information (`/events/infos` leads here from the selected event)
  infos: namedPage(
    () => import('../features/events/routes/event-infos').then((m) => m.EventInfosPage),
    (eventId) => ({ eventId }),
  ),
  forms: namedPage(
    () => import('../features/events/routes/event-forms').then((m) => m.EventFormsPage),
    (eventId) => ({ eventId }),
  ),
  commission: namedPage(
    () => import('../features/commissions/routes/commissions').then((m) => m.CommissionsPage),
    (eventId) => ({ eventId }),
  ),
  // Google Meet meetings (meetings-) and Zoom meetings (meetings1-)
  meetings: namedPage(
    () => import('../features/meetings/routes/meetings-page').then((m) => m.MeetingsPage),
    (eventId) => ({ eventId, platform: 'google_meet' as const }),
  ),
  meetings1: namedPage(
    () => import('../features/meetings/routes/meetings-page').then((m) => m.MeetingsPage),
    (eventId) => ({ eventId, platform: 'zoom' as const }),
  ),
  rights: namedPage(
    () => import('../features/rights/routes/rights-page').then((m) => m.RightsPage),
    (eventId) => ({ eventId }),
  ),
  // the event's audit log, linked from the rights page and the event menu
  audit: namedPage(
    () => import('../features/rights/routes/audit-page').then((m) => m.AuditPage),
    (eventId) => ({ eventId }),
  ),
  planning: namedPage(
    () => import('../features/planning/routes/planning').then((m) => m.PlanningPage),
    (eventId) => ({ eventId }),
  ),
  // The event's information requests
  requests: namedPage(
    () => import('../features/requests/routes/requests-page').then((m) => m.RequestsPage),
    (eventId) => ({ eventId }),
  ),
  mailings: namedPage(
    () => import('../features/mailings/routes/mailings-page').then((m) => m.MailingsPage),
    (eventId) => ({ eventId }),
  ),
  ...Object.fromEntries(REGISTRATION_LIST_PAGE_NAMES.map((name) => [name, registrationList])),
  // The B2B programme's organiser page
  b2b: namedPage(
    () => import('../features/b2b/routes/programme-page').then((m) => m.ProgrammePage),
    (eventId) => ({ eventId }),
  ),
  // public: the visitor's participant form of an event
  participant: namedPage(
    () => import('../features/registration/routes/form-page').then((m) => m.VisitorForm),
    (id) => ({ route: { slug: String(id), kinds: ['participant' as const], formId: null } }),
  ),
};

/** `/events/commission-{teamId}/projects` */
const COMMISSION_PAGES: Record<string, NamedPage> = {
  commission: namedPage(
    () => import('../features/commissions/routes/projects').then((m) => m.ProjectsPage),
    (teamId) => ({ teamId }),
  ),
};

/** `/analytics/reports-{eventId}` (`/analytics/reports` leads there from the selected event) */
const ANALYTICS_PAGES: Record<string, NamedPage> = {
  reports: namedPage(
    () => import('../features/analytics/routes/reports').then((m) => m.ReportsPage),
    (eventId) => ({ eventId }),
  ),
};

/** `/activities-{eventId}`: one free segment, so every other one-segment path lands here as unmatched. */
const TOP_PAGES: Record<string, NamedPage> = {
  activities: namedPage(
    () => import('../features/events/routes/activities').then((m) => m.ActivitiesPage),
    (eventId) => ({ eventId }),
  ),
};

/** What a named page's loader found: the page and its id, or null for an unknown page. */
type NamedPageMatch = { page: string; id: number } | null;

/**
 * Draws the page its route's loader found, or `unmatched` for an unknown page. An event page of a
 * switched-off feature (`features`, by page name) says so instead.
 */
function NamedPageRoute({
  pages,
  unmatched,
  features,
}: {
  pages: Record<string, NamedPage>;
  unmatched: ReactNode;
  features?: Readonly<Record<string, EventFeature>>;
}) {
  const match = useLoaderData() as NamedPageMatch;
  const draw = match && pages[match.page];
  if (!match || !draw) return unmatched;
  const page = <Suspense fallback={<PageSpinner />}>{draw(match.id, match.page)}</Suspense>;
  const feature = features && Object.hasOwn(features, match.page) ? features[match.page] : undefined;
  if (feature === undefined) return page;
  return (
    <FeatureGate eventId={match.id} feature={feature}>
      {page}
    </FeatureGate>
  );
}

/**
 * A route whose `param` is `{page}-{id}` read against `pages`: an unknown page is the non-fatal 404
 * (`unmatched`, drawn inside a layout); a known page whose id is not one fails its validity check (the
 * fatal 404 of the error page).
 */
function namedPageRoute(
  path: string,
  param: string,
  pages: Record<string, NamedPage>,
  unmatched: ReactNode,
  features?: Readonly<Record<string, EventFeature>>,
) {
  const loader = ({ params }: LoaderFunctionArgs): NamedPageMatch => {
    const segment = splitNamedSegment(params[param]);
    if (!segment || !Object.hasOwn(pages, segment.name)) return null;
    const id = parseRouteId(segment.rest);
    if (id === null) throw data(null, { status: 404, statusText: 'Not Found' });
    return { page: segment.name, id };
  };
  return {
    path,
    loader,
    element: <NamedPageRoute pages={pages} unmatched={unmatched} features={features} />,
  } satisfies RouteObject;
}

/** The routes of the pages named in a URL segment, spliced into the one route table by router.tsx. */
export const namedPageRoutes = {
  events: namedPageRoute(
    'events/:eventPage',
    'eventPage',
    EVENT_PAGES,
    <AuthenticatedLayout>
      <NotFoundMessage />
    </AuthenticatedLayout>,
    pageFeature,
  ),
  projects: namedPageRoute('events/:eventPage/projects', 'eventPage', COMMISSION_PAGES, <NotFoundPage />),
  analytics: namedPageRoute('analytics/:analyticsPage', 'analyticsPage', ANALYTICS_PAGES, <NotFoundPage />),
  top: namedPageRoute(':segment', 'segment', TOP_PAGES, <NotFoundPage />),
};
