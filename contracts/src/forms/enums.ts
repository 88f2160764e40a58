import {
  B2B_PROFILE_TYPES,
  CERTIFICATIONS,
  COMPANY_SIZES,
  DAYS,
  EXPERIENCE_LEVELS,
  FUNCTION_CATEGORIES,
  FUNCTIONS,
  GENDERS,
  NEED_TYPES,
  NEED_URGENCIES,
  OFFER_TYPES,
  PARTICIPANT_TYPES,
  PARTICIPATION_FORMATS,
  PARTNER_TYPES,
  PARTNERSHIP_LEVELS,
  PARTNERSHIP_TYPES,
  REVENUE_BANDS,
  SECTORS,
  TARGETED_PARTNERS,
  TIME_SLOTS,
  YES_NO,
} from '../constants';
import { REGISTRATION_STATUSES } from './kinds';

/** Each enumeration's values; their labels are `enums.<group>.<code>` in locales/. */
export const ENUM_GROUPS = {
  sectors: SECTORS,
  companySizes: COMPANY_SIZES,
  revenueBands: REVENUE_BANDS,
  certifications: CERTIFICATIONS,
  needUrgencies: NEED_URGENCIES,
  participationFormats: PARTICIPATION_FORMATS,
  experienceLevels: EXPERIENCE_LEVELS,
  partnershipLevels: PARTNERSHIP_LEVELS,
  partnerTypes: PARTNER_TYPES,
  partnershipTypes: PARTNERSHIP_TYPES,
  timeSlots: TIME_SLOTS,
  days: DAYS,
  genders: GENDERS,
  offerTypes: OFFER_TYPES,
  needTypes: NEED_TYPES,
  targetedPartners: TARGETED_PARTNERS,
  b2bProfileTypes: B2B_PROFILE_TYPES,
  participantTypes: PARTICIPANT_TYPES,
  registrationStatuses: REGISTRATION_STATUSES,
  functions: FUNCTIONS,
  /** the headings that group `functions` in a list */
  functionCategories: FUNCTION_CATEGORIES,
  yesNo: YES_NO,
} as const;
export type EnumGroup = keyof typeof ENUM_GROUPS;

export const enumLabelKey = <G extends EnumGroup>(group: G, code: (typeof ENUM_GROUPS)[G][number]) =>
  `enums.${group}.${code}`;
