import { REGISTRATION_LIST_PAGES, type RegistrationKind } from '@evt/contracts/forms/kinds';

/**
 * The organiser's registration list pages (`/events/{page}-{eventId}`), the B2B companies' among them.
 * In lib/: the route table draws them and the event navigation links them.
 */
export const REGISTRATION_LIST_PAGE_NAMES = [
  'participants',
  'participants_osaka',
  'exposants',
  'intervenants',
  'delegates',
  'agences',
  'receptionnist',
  'partners',
  'b2b_companies',
] as const satisfies readonly (keyof typeof REGISTRATION_LIST_PAGES)[];
export type RegistrationListPage = (typeof REGISTRATION_LIST_PAGE_NAMES)[number];

/** The list page that shows registrations of a kind (each kind is on one page). */
export function registrationListPageOf(kind: RegistrationKind): RegistrationListPage | null {
  return (
    REGISTRATION_LIST_PAGE_NAMES.find((page) => REGISTRATION_LIST_PAGES[page].includes(kind as never)) ?? null
  );
}
