import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { visitorPageOf } from '@evt/contracts/visitor-pages';
import { data, type LoaderFunctionArgs } from 'react-router';
import { prefetchVisitorForm } from './prefetch';

/** What a visitor form page needs from its URL. */
export interface VisitorFormRoute {
  slug: string;
  /** kinds the URL's form segment may mean (`exposant`: the current or the older exhibitor form) */
  kinds: RegistrationKind[];
  formId: number | null;
}

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/** The visitor page of the request's path, read by the one matcher the BFF and the visitor entry use. */
const visitorPageAt = (request: Request) => visitorPageOf(new URL(request.url).pathname)?.visitor ?? null;
// the route patterns are free segments: only `events-…` makes them a visitor page (or its 404)
const isEventSegment = (segment: string | undefined) => /^events-./.test(segment ?? '');

/**
 * `/events-{slug}/{form}` (spec section 2). The route pattern is two free segments, so a path that is not
 * `events-…` answers null: the page then shows the ordinary unmatched-route page. A known event prefix with
 * an unknown form segment is a 404.
 */
export function visitorFormLoader({ params, request }: LoaderFunctionArgs): VisitorFormRoute | null {
  if (!isEventSegment(params.eventSeg)) return null;
  return formRoute(request);
}

/** `/events/{id}/forms-{formId}/participant` and `/b2b`: an organiser's form of an event, by its id. */
export function formIdLoader({ request }: LoaderFunctionArgs): VisitorFormRoute {
  return formRoute(request);
}

/**
 * `/events/{id}`, the event's public page, when the path is one (a numeric id): the console's
 * `/events/{page}-{id}` share the route's segment, so any other path answers null for them.
 */
export function publicEventMatch(request: Request): { slug: string } | null {
  const found = visitorPageAt(request);
  return found?.page === 'event' ? { slug: found.slug } : null;
}

function formRoute(request: Request): VisitorFormRoute {
  const found = visitorPageAt(request);
  if (found?.page !== 'form') throw notFound();
  prefetchVisitorForm(found.slug, found.kinds[0] as RegistrationKind);
  return { slug: found.slug, kinds: found.kinds, formId: found.formId };
}

/** `/events-{slug}/submitted/{page}`: the spec's particapant (sic), participant, b2b and receptionist. */
export function submittedLoader({ params, request }: LoaderFunctionArgs) {
  if (!isEventSegment(params.eventSeg)) return null;
  const found = visitorPageAt(request);
  if (found?.page !== 'submitted') throw notFound();
  return { slug: found.slug, page: found.submitted };
}
