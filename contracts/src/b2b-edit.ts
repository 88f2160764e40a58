import type { z } from 'zod';
import { form } from './forms/b2b';

/**
 * What a company may change in its match profile from its space until the organiser freezes the programme
 *: everything the registration form asked about its activity, offers, needs, sectors and
 * availability. Who it is (name, profile type, representative, address, contact, logo) stays as registered:
 * the organiser confirmed that registration. Parsed by the registration form's own field schemas and rules,
 * so the same messages answer the same mistakes.
 */
export const EDITABLE_PROFILE_FIELDS = [
  'employees',
  'annualRevenue',
  'certifications',
  'otherCertification',
  'websiteUrl',
  'businessSectors',
  'otherSector',
  'companyDescription',
  'skills',
  'offerType',
  'otherOfferType',
  'targetMarket',
  'needType',
  'otherNeedType',
  'needUrgency',
  'targetedPartnerType',
  'otherPartnershipType',
  'specificCriteria',
  'participationFormat',
  'availabilityStart',
  'availabilityEnd',
  'timeSlots',
  'expectations',
  // the company joins or leaves the event's directory from its space
  'listedInDirectory',
] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export const profileEdit = form.pick(EDITABLE_PROFILE_FIELDS);
export type ProfileEdit = z.output<typeof profileEdit>;
export type ProfileEditInput = z.input<typeof profileEdit>;

/**
 * Whether a company agreed to be in the event's B2B directory (opt-in, docs/decisions/b2b.md): only then
 * do other companies find it in the directory and the suggestions, open its profile or ask it first.
 */
export const isListedInDirectory = (data: Record<string, unknown>) => data.listedInDirectory === true;
