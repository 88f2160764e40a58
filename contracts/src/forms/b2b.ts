import {
  COMPANY_SIZES,
  NEED_TYPES,
  NEED_URGENCIES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  SECTORS,
  TARGETED_PARTNERS,
  TIME_SLOTS,
} from '../constants';
import { description, email, msg, optionalText, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import type { FormRule } from './define';
import {
  dialCodeField,
  IMAGE_TYPES,
  isoDate,
  LOGO_MAX_BYTES,
  oneOf,
  optionalUploadToken,
  optionalUrl,
  someOf,
} from './fields';

const shape = {
  // 1. company and representative
  companyName: requiredText(200),
  fullName: requiredText(200),
  position: requiredText(150),
  email: email(),
  dialCode: dialCodeField(),
  phone: phoneDigits(),
  // 2. registration in the company directory
  companySize: oneOf(COMPANY_SIZES),
  websiteUrl: optionalUrl(),
  address: requiredText(300),
  businessSectors: someOf(SECTORS),
  otherSector: optionalText(150),
  logo: optionalUploadToken(),
  // 3. activity description
  companyDescription: description(),
  skills: requiredText(1000),
  // 4. offers
  offerType: oneOf(OFFER_TYPES),
  otherOfferType: optionalText(150),
  targetMarket: requiredText(300),
  needType: oneOf(NEED_TYPES),
  otherNeedType: optionalText(150),
  needUrgency: oneOf(NEED_URGENCIES),
  targetedPartnerType: oneOf(TARGETED_PARTNERS),
  otherPartnershipType: optionalText(150),
  specificCriteria: optionalText(1000),
  participationFormat: oneOf(PARTICIPATION_FORMATS),
  availabilityStart: isoDate(msg.datesRequired),
  availabilityEnd: isoDate(msg.datesRequired),
  timeSlots: someOf(TIME_SLOTS),
  expectations: optionalText(1000),
};
type B2b = { [K in keyof typeof shape]: unknown } & Record<string, unknown>;

/** An "other" choice needs its text: other_specify for offers, needs and partners, 'others' for sectors. */
const otherText = (
  choice: keyof typeof shape,
  text: keyof typeof shape,
  other: string,
): FormRule<Record<keyof typeof shape, unknown>> => ({
  target: text,
  reads: [choice],
  message: msg.required,
  ok: (data: B2b) => {
    const picked = data[choice];
    const isOther = Array.isArray(picked) ? picked.includes(other) : picked === other;
    return !isOther || data[text] !== '';
  },
});

/**
 * B2B company registration, 4 steps exactly as spec section 2 ("B2B form") with the fields of section 3
 * ("B2B registration"). Decisions: the business sectors are several (a directory entry), offer and need
 * types one each; specific criteria and expectations are optional; the logo is optional.
 */
export const form = defineForm({
  kind: 'b2b',
  slug: 'b2b',
  shape,
  steps: [
    {
      id: 'companyRepresentative',
      fields: ['companyName', 'fullName', 'position', 'email', 'dialCode', 'phone'],
    },
    {
      id: 'directory',
      fields: ['companySize', 'websiteUrl', 'address', 'businessSectors', 'otherSector', 'logo'],
    },
    { id: 'activity', fields: ['companyDescription', 'skills'] },
    {
      id: 'offers',
      fields: [
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
      ],
    },
  ],
  rules: [
    otherText('businessSectors', 'otherSector', 'others'),
    otherText('offerType', 'otherOfferType', 'other_specify'),
    otherText('needType', 'otherNeedType', 'other_specify'),
    otherText('targetedPartnerType', 'otherPartnershipType', 'other_specify'),
    {
      target: 'availabilityEnd',
      reads: ['availabilityStart'],
      message: msg.dateOrder,
      ok: (data) => data.availabilityEnd >= data.availabilityStart,
    },
  ],
  files: [{ name: 'logo', required: false, maxBytes: LOGO_MAX_BYTES, types: IMAGE_TYPES, maxCount: 1 }],
});
export const { kind, schema, steps, files } = form;
