/**
 * Registration kinds, apart from their schemas so that route contracts and lists can name them without
 * pulling every form into a bundle. A kind is a stable code stored with the registration; `slug` in each form
 * is the spec's route segment (`/events-{slug}/agent_presse`).
 */
export const REGISTRATION_KINDS = [
  'participant',
  'participant_osaka',
  'participant_fipdc',
  'participant_sipen',
  'participant_5km',
  'exhibitor',
  'exhibitor_legacy',
  'panelist',
  'press_agent',
  'travel_agency',
  'delegation',
  'delegation_member',
  'sponsor',
  'receptionist',
  'b2b',
] as const;
export type RegistrationKind = (typeof REGISTRATION_KINDS)[number];

/** The spec's route segment of each kind: `/events-{event}/{segment}` (checked against the forms by a test). */
export const FORM_SLUGS = {
  participant: 'participant',
  participant_osaka: 'participant_osaka',
  participant_fipdc: 'participant-fipdc',
  participant_sipen: 'participant_sipen',
  participant_5km: 'participant_5km',
  exhibitor: 'exposant',
  exhibitor_legacy: 'exposant',
  panelist: 'panelist',
  press_agent: 'agent_presse',
  travel_agency: 'agence_voyage',
  delegation: 'delegation',
  delegation_member: 'membre_delegation',
  sponsor: 'sponsor',
  receptionist: 'receptionist',
  b2b: 'b2b',
} as const satisfies Record<RegistrationKind, string>;

/**
 * A registration's life: `pending` until its address is confirmed, then `confirmed`; a candidate kind
 * (CANDIDATE_KINDS) is then `accepted` or `declined` by the organiser; any registration can be
 * `cancelled` by the organiser. Cancelled and declined rows are kept for the record (lists, filters,
 * exports) but leave the counts and get no badge (INACTIVE_STATUSES).
 * A form with a capacity and a waiting list (docs/decisions/registration.md) adds two: `waitlisted` (no
 * place yet, waiting its turn) and `promoted` (a place freed for it, held until it confirms by a deadline;
 * it then becomes `confirmed`, or `cancelled` when the deadline passes).
 */
export const REGISTRATION_STATUSES = [
  'pending',
  'confirmed',
  'accepted',
  'declined',
  'cancelled',
  'waitlisted',
  'promoted',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** Statuses that do not count (or no longer): left out of the metrics, the counts and the badges. */
export const INACTIVE_STATUSES = [
  'declined',
  'cancelled',
  'waitlisted',
] as const satisfies readonly RegistrationStatus[];
/** Statuses that hold one of a form's places (its capacity): everything but the inactive ones. */
export const PLACE_HOLDING_STATUSES = [
  'pending',
  'confirmed',
  'accepted',
  'promoted',
] as const satisfies readonly RegistrationStatus[];
/** Kinds whose registration is a candidacy the organiser accepts or declines (the person is told by mail). */
export const CANDIDATE_KINDS = ['receptionist', 'panelist'] as const satisfies readonly RegistrationKind[];
export const isCandidateKind = (kind: RegistrationKind): boolean =>
  (CANDIDATE_KINDS as readonly RegistrationKind[]).includes(kind);
/** What the organiser does to a registration that mails its person (in the registration's language). */
export const REGISTRATION_ACTIONS = ['resend', 'cancel', 'accept', 'decline'] as const;
export type RegistrationAction = (typeof REGISTRATION_ACTIONS)[number];

/**
 * The organiser's list pages (spec section 2, `/events/{page}-{eventId}`) and the kinds each one shows.
 * Press agents sit with the agencies. B2B companies have a list of their own (`b2b_companies-`), beside the
 * programme's `b2b-` page, which is the spec's and schedules them.
 */
export const REGISTRATION_LIST_PAGES = {
  participants: ['participant', 'participant_fipdc', 'participant_sipen', 'participant_5km'],
  participants_osaka: ['participant_osaka'],
  exposants: ['exhibitor', 'exhibitor_legacy'],
  intervenants: ['panelist'],
  delegates: ['delegation', 'delegation_member'],
  agences: ['travel_agency', 'press_agent'],
  receptionnist: ['receptionist'],
  partners: ['sponsor'],
  b2b_companies: ['b2b'],
} as const satisfies Record<string, readonly RegistrationKind[]>;

/** Which "submitted" page follows a kind (spec: /events-{slug}/submitted/b2b, /participant, /receptionist). */
export function submittedPage(kind: RegistrationKind): 'b2b' | 'participant' | 'receptionist' {
  if (kind === 'b2b') return 'b2b';
  if (kind === 'receptionist') return 'receptionist';
  return 'participant';
}
