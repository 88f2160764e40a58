import type { REGISTRATION_LIST_PAGES } from '@evt/contracts/forms/kinds';

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
