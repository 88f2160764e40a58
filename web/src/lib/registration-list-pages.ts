import type { REGISTRATION_LIST_PAGES } from '@evt/contracts/forms/kinds';

/**
 * The organiser's registration list pages of issue 4 (`/events/{page}-{eventId}`); b2b- is the B2B issue's.
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
] as const satisfies readonly (keyof typeof REGISTRATION_LIST_PAGES)[];
export type RegistrationListPage = (typeof REGISTRATION_LIST_PAGE_NAMES)[number];
