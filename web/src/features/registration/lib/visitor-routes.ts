import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { EVENT_SLUG, kindsOfFormSlug, SUBMITTED_PAGES } from '@evt/contracts/visitor-pages';
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

/**
 * `/events-{slug}/{form}` (spec section 2). The route pattern is two free segments, so a path that is not
 * `events-…` answers null: the page then shows the ordinary unmatched-route page. A known event prefix with
 * an unknown form segment is a 404.
 */
export function visitorFormLoader({ params }: LoaderFunctionArgs): VisitorFormRoute | null {
  const slug = /^events-(.+)$/.exec(params.eventSeg ?? '')?.[1];
  if (slug === undefined) return null;
  const kinds = kindsOfFormSlug(params.formSlug ?? '');
  if (!EVENT_SLUG.test(slug) || kinds.length === 0) throw notFound();
  prefetchVisitorForm(slug, kinds[0] as RegistrationKind);
  return { slug, kinds, formId: null };
}

/** `/events/{id}/forms-{formId}/participant`: the organiser's participant form of an event. */
export function formIdParticipantLoader({ params }: LoaderFunctionArgs): VisitorFormRoute {
  const formId = /^forms-([1-9]\d{0,9})$/.exec(params.formSeg ?? '')?.[1];
  const slug = params.id ?? '';
  if (!formId || !EVENT_SLUG.test(slug)) throw notFound();
  prefetchVisitorForm(slug, 'participant');
  return { slug, kinds: ['participant'], formId: Number(formId) };
}

/** `/events-{slug}/submitted/{page}`: the spec's particapant (sic), participant, b2b and receptionist. */
export function submittedLoader({ params }: LoaderFunctionArgs) {
  const slug = /^events-(.+)$/.exec(params.eventSeg ?? '')?.[1];
  if (slug === undefined) return null;
  const page = params.page ?? '';
  if (!EVENT_SLUG.test(slug) || !(SUBMITTED_PAGES as readonly string[]).includes(page)) throw notFound();
  return { slug, page };
}
