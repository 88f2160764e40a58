import { FORM_SLUGS, REGISTRATION_KINDS, type RegistrationKind } from './forms/kinds';
import { type Locale, splitLocalePrefix } from './locale';
import { ROUTE_ID } from './route-id';

/**
 * The visitor's pages (issue 4): registration forms, submitted, result and confirmation pages. They are
 * the product's most visited pages and run on their own small entry (web/visitor.html, no console code);
 * the BFF serves that entry exactly for the paths matched here, and the entry renders exactly these.
 */
const EVENT_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** Kinds a URL's form segment may mean (`exposant`: the current or the older exhibitor form). */
function kindsOfFormSlug(segment: string): RegistrationKind[] {
  // b2b forms belong to the B2B issue; their routes are not the visitor entry's
  return REGISTRATION_KINDS.filter((kind) => FORM_SLUGS[kind] === segment && kind !== 'b2b');
}

export const SUBMITTED_PAGES = ['particapant', 'participant', 'b2b', 'receptionist'] as const;
export type SubmittedPage = (typeof SUBMITTED_PAGES)[number];

export type VisitorPage =
  | { page: 'form'; slug: string; kinds: RegistrationKind[]; formId: number | null }
  | { page: 'submitted'; slug: string; submitted: SubmittedPage }
  | { page: 'result'; outcome: 'success' | 'error' }
  | { page: 'confirm' };

/** The visitor page a path (without locale prefix) shows, or null when it is not one. */
export function matchVisitorPage(rest: string): VisitorPage | null {
  const parts = rest.split('/').slice(1);
  const [first = '', second = '', third = '', fourth] = parts;
  const slug = /^events-(.+)$/.exec(first)?.[1];
  if (slug !== undefined && EVENT_SLUG.test(slug)) {
    // `/events-{slug}/{form}`
    if (parts.length === 2) {
      const kinds = kindsOfFormSlug(second);
      return kinds.length ? { page: 'form', slug, kinds, formId: null } : null;
    }
    // `/events-{slug}/submitted/{page}`
    if (
      parts.length === 3 &&
      second === 'submitted' &&
      (SUBMITTED_PAGES as readonly string[]).includes(third)
    )
      return { page: 'submitted', slug, submitted: third as SubmittedPage };
    return null;
  }
  if (first === 'events') {
    // `/events/participant-{id}`
    const participant = /^participant-(.+)$/.exec(second)?.[1];
    if (parts.length === 2 && participant !== undefined && ROUTE_ID.test(participant))
      return { page: 'form', slug: participant, kinds: ['participant'], formId: null };
    // `/events/{id}/forms-{formId}/participant`
    const formId = /^forms-(.+)$/.exec(third)?.[1];
    if (
      parts.length === 4 &&
      fourth === 'participant' &&
      EVENT_SLUG.test(second) &&
      formId &&
      ROUTE_ID.test(formId)
    )
      return { page: 'form', slug: second, kinds: ['participant'], formId: Number(formId) };
    // `/events/result-page/{success|error}`
    if (parts.length === 3 && second === 'result-page' && (third === 'success' || third === 'error'))
      return { page: 'result', outcome: third };
    return null;
  }
  if (rest === '/public/registrations/confirm') return { page: 'confirm' };
  return null;
}

/** A visitor page found in a path, with the language its prefix names. */
export interface FoundVisitorPage {
  locale: Locale;
  visitor: VisitorPage;
}

/** A browser path (any locale prefix) and the visitor page it shows, or null. */
export function visitorPageOf(pathname: string): FoundVisitorPage | null {
  const { locale, rest } = splitLocalePrefix(pathname);
  const visitor = matchVisitorPage(rest.length > 1 ? rest.replace(/\/+$/, '') : rest);
  return visitor ? { locale: locale ?? 'fr', visitor } : null;
}
