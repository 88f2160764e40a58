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
] as const;
export type EditableProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];

export const profileEdit = form.pick(EDITABLE_PROFILE_FIELDS);
export type ProfileEdit = z.output<typeof profileEdit>;
export type ProfileEditInput = z.input<typeof profileEdit>;
