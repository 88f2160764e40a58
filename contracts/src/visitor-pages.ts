import { type B2bLayout, parseB2bSegment } from './b2b-paths';
import { FORM_SLUGS, REGISTRATION_KINDS, type RegistrationKind } from './forms/kinds';
import { type Locale, splitLocalePrefix } from './locale';
import { ROUTE_ID } from './route-id';

/**
 * The visitor's pages: registration forms, submitted, result and confirmation pages. They are
 * the product's most visited pages and run on their own small entry (web/visitor.html, no console code);
 * the BFF serves that entry exactly for the paths matched here, and the entry renders exactly these.
 */
const EVENT_SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/**
 * Other spellings of a form segment: the spec's public list writes `participant_fipdc` where its list of
 * forms writes `participant-fipdc`; both lead to the same form.
 */
const FORM_SLUG_ALIASES: Readonly<Record<string, string>> = { participant_fipdc: 'participant-fipdc' };

/** Kinds a URL's form segment may mean (`exposant`: the current or the older exhibitor form). */
function kindsOfFormSlug(segment: string): RegistrationKind[] {
  const slug = Object.hasOwn(FORM_SLUG_ALIASES, segment) ? FORM_SLUG_ALIASES[segment] : segment;
  return REGISTRATION_KINDS.filter((kind) => FORM_SLUGS[kind] === slug);
}

/** The forms an organiser's form id may name in `/events/{id}/forms-{formId}/{kind}` (spec section 2). */
const FORM_ID_KINDS = ['participant', 'b2b'] as const satisfies readonly RegistrationKind[];

export const SUBMITTED_PAGES = ['particapant', 'participant', 'b2b', 'receptionist'] as const;
export type SubmittedPage = (typeof SUBMITTED_PAGES)[number];

export type VisitorPage =
  | { page: 'form'; slug: string; kinds: RegistrationKind[]; formId: number | null }
  | { page: 'submitted'; slug: string; submitted: SubmittedPage }
  /** `/events/result-page` itself (outcome null): public in the spec, it says there is nothing to confirm */
  | { page: 'result'; outcome: 'success' | 'error' | null }
  | { page: 'confirm' }
  /** `/events/{id}`: the event's public page (its forms' links); numeric ids only, see access.ts */
  | { page: 'event'; slug: string }
  /**
   * `/events-{slug}/b2b-{code}-{confirm}` (and `b2b_osaka-`, `b2b_sipen-`, dashed): a B2B company's private
   * space; without `{confirm}` (key null), the page that sends the personal link again (see b2b.ts)
   */
  | { page: 'b2bSpace'; slug: string; code: number; key: string | null; layout: B2bLayout }
  /**
   * `/events-{slug}/exhibitor-{code}#key={key}`: an exhibitor's lead-scanning space (contracts/src/leads.ts),
   * opened by the link the organiser mailed the stand
   */
  | { page: 'exhibitorSpace'; slug: string; code: number }
  /** `/events/{id}/programme`: the event's public programme; numeric ids only, like the page */
  | { page: 'programme'; slug: string }
  /**
   * `/requests#key={token}` (and the older `/requests/{token}`): an information request's answer page (the
   * spec's requests layout); any token-like segment shows the page, which says "unknown or expired" for
   * one the upstream does not know
   */
  | { page: 'infoRequest'; token: string | null };

/**
 * The fragment a mailed personal link carries its key in (`#key=…`): a browser never sends a fragment to
 * a server nor writes it in a Referer, so no proxy or access log sees the key (web/src/lib/link-key.ts).
 */
export const LINK_KEY_FRAGMENT = 'key';
export const keyFragment = (key: string) => `#${LINK_KEY_FRAGMENT}=${encodeURIComponent(key)}`;

const REQUEST_TOKEN_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The event's public page (its forms' links, `{ page: 'event' }`): where a link for someone without a
 * console account leads, a mailing's `{{eventLink}}` for one.
 */
export const publicEventPath = (eventId: number) => `/events/${eventId}`;

/** The visitor page a path (without locale prefix) shows, or null when it is not one. */
export function matchVisitorPage(rest: string): VisitorPage | null {
  const parts = rest.split('/').slice(1);
  const [first = '', second = '', third = '', fourth] = parts;
  const slug = /^events-(.+)$/.exec(first)?.[1];
  if (slug !== undefined && EVENT_SLUG.test(slug)) {
    // `/events-{slug}/{form}`
    if (parts.length === 2) {
      const kinds = kindsOfFormSlug(second);
      if (kinds.length) return { page: 'form', slug, kinds, formId: null };
      const stand = /^exhibitor-(\d{1,9})$/.exec(second)?.[1];
      if (stand !== undefined) return { page: 'exhibitorSpace', slug, code: Number(stand) };
      const b2b = parseB2bSegment(second);
      return b2b ? { page: 'b2bSpace', slug, ...b2b } : null;
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
    // `/events/{id}`: a numeric id; `/events/dashboard-3` and the other named pages are the console's
    if (parts.length === 2 && ROUTE_ID.test(second)) return { page: 'event', slug: second };
    if (parts.length === 3 && third === 'programme' && ROUTE_ID.test(second))
      return { page: 'programme', slug: second };
    // `/events/{id}/forms-{formId}/participant` and `/b2b`
    const formId = /^forms-(.+)$/.exec(third)?.[1];
    const kind = FORM_ID_KINDS.find((k) => k === fourth);
    if (parts.length === 4 && kind && EVENT_SLUG.test(second) && formId && ROUTE_ID.test(formId))
      return { page: 'form', slug: second, kinds: [kind], formId: Number(formId) };
    // `/events/result-page` and `/events/result-page/{success|error}`
    if (parts.length === 2 && second === 'result-page') return { page: 'result', outcome: null };
    if (parts.length === 3 && second === 'result-page' && (third === 'success' || third === 'error'))
      return { page: 'result', outcome: third };
    return null;
  }
  // `/activities-{event}/forms-{activity}/b2b`: an activity's B2B form, the event's B2B form under that form id
  const activity = /^activities-(.+)$/.exec(first)?.[1];
  const activityForm = /^forms-(.+)$/.exec(second)?.[1];
  if (
    parts.length === 3 &&
    activity !== undefined &&
    EVENT_SLUG.test(activity) &&
    activityForm &&
    ROUTE_ID.test(activityForm) &&
    third === 'b2b'
  )
    return { page: 'form', slug: activity, kinds: ['b2b'], formId: Number(activityForm) };
  if (rest === '/public/registrations/confirm') return { page: 'confirm' };
  if (parts.length === 2 && first === 'requests' && REQUEST_TOKEN_SEGMENT.test(second))
    return { page: 'infoRequest', token: second };
  if (rest === '/requests') return { page: 'infoRequest', token: null };
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
