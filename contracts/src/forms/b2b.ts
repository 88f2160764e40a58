import {
  B2B_PROFILE_TYPES,
  CERTIFICATIONS,
  FUNCTIONS,
  FUNCTIONS_BY_CATEGORY,
  NEED_TYPES,
  NEED_URGENCIES,
  OFFER_TYPES,
  PARTICIPATION_FORMATS,
  REVENUE_BANDS,
  SECTORS,
  TARGETED_PARTNERS,
  TIME_SLOTS,
} from '../constants';
import { errorCode } from '../errors';
import { description, msg, optionalText, requiredText } from '../validation';
import {
  checkboxes,
  count,
  defineForm,
  FORM_WORDING,
  field,
  fileWidget,
  groupedSelect,
  radio,
  select,
} from './define';
import type { FormRule } from './define';
import {
  anyOf,
  IMAGE_TYPES,
  isoDate,
  LOGO_MAX_BYTES,
  oneOf,
  optionalOneOf,
  optionalUploadToken,
  optionalUrl,
  someOf,
  contactFields,
  flag,
  wholeNumber,
} from './fields';

/** More employees than any company has: a typing slip, not a size. */
export const EMPLOYEES_MAX = 5_000_000;

const fields = {
  // 1. company and representative
  companyName: field(requiredText(200), 'text'),
  /** spec sections 1 and 6: what the company comes as, for the matching */
  profileType: field(oneOf(B2B_PROFILE_TYPES), radio('b2bProfileTypes', B2B_PROFILE_TYPES)),
  fullName: field(requiredText(200), 'text'),
  position: field(
    oneOf(FUNCTIONS),
    groupedSelect('functions', FUNCTIONS, 'functionCategories', FUNCTIONS_BY_CATEGORY),
  ),
  ...contactFields(),
  // 2. registration in the company directory
  /**
   * The number of employees; the size band of spec section 9 (micro, SME, large) is read from it
   * (`companySizeOf`). Rows registered before hold their band's code here (migration 071).
   */
  employees: field(wholeNumber(EMPLOYEES_MAX), count('companySizes')),
  annualRevenue: field(optionalOneOf(REVENUE_BANDS), select('revenueBands', REVENUE_BANDS)),
  certifications: field(anyOf(CERTIFICATIONS), checkboxes('certifications', CERTIFICATIONS)),
  otherCertification: field(optionalText(200), 'text'),
  websiteUrl: field(optionalUrl(), 'url'),
  address: field(requiredText(300), 'textarea'),
  businessSectors: field(someOf(SECTORS), checkboxes('sectors', SECTORS)),
  otherSector: field(optionalText(150), 'text'),
  logo: field(optionalUploadToken(), fileWidget(IMAGE_TYPES, LOGO_MAX_BYTES)),
  /** whether other companies find it in the event's B2B directory and suggestions: opt-in, off by default */
  listedInDirectory: field(flag(), 'checkbox'),
  // 3. activity description
  companyDescription: field(description(), 'textarea'),
  skills: field(requiredText(1000), 'textarea'),
  // 4. offers
  offerType: field(oneOf(OFFER_TYPES), select('offerTypes', OFFER_TYPES)),
  otherOfferType: field(optionalText(150), 'text'),
  targetMarket: field(requiredText(300), 'text'),
  needType: field(oneOf(NEED_TYPES), select('needTypes', NEED_TYPES)),
  otherNeedType: field(optionalText(150), 'text'),
  needUrgency: field(oneOf(NEED_URGENCIES), select('needUrgencies', NEED_URGENCIES)),
  targetedPartnerType: field(oneOf(TARGETED_PARTNERS), select('targetedPartners', TARGETED_PARTNERS)),
  otherPartnershipType: field(optionalText(150), 'text'),
  specificCriteria: field(optionalText(1000), 'textarea'),
  participationFormat: field(
    oneOf(PARTICIPATION_FORMATS),
    select('participationFormats', PARTICIPATION_FORMATS),
  ),
  availabilityStart: field(isoDate(msg.datesRequired), 'date'),
  availabilityEnd: field(isoDate(msg.datesRequired), 'date'),
  timeSlots: field(someOf(TIME_SLOTS), checkboxes('timeSlots', TIME_SLOTS)),
  expectations: field(optionalText(1000), 'textarea'),
};
type B2b = { [K in keyof typeof fields]: unknown } & Record<string, unknown>;

/**
 * An "other" choice needs its text: other_specify for offers, needs and partners, 'others' for sectors,
 * 'other' for certifications.
 */
const otherText = (
  choice: keyof typeof fields,
  text: keyof typeof fields,
  other: string,
): FormRule<Record<keyof typeof fields, unknown>> => ({
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
 * ("B2B registration"), and the B2B profile type of sections 1 and 6 (buyer, supplier, investor, service
 * provider) on the first step, one per registration. Decisions: the business sectors are several (a
 * directory entry), offer and need types one each; specific criteria and expectations are optional; the
 * logo is optional. The spec's match profile shows employees, annual revenue and certifications: the
 * directory step asks the number of employees (its size band follows), a revenue band (optional: a company
 * may keep it to itself) and the certifications held (none is an answer). Its messages are the spec's B2B
 * wording ('This field is required', 'Invalid email.', 'Error: Please try again later').
 */
export const form = defineForm({
  kind: 'b2b',
  slug: 'b2b',
  fields,
  steps: [
    {
      id: 'companyRepresentative',
      fields: ['companyName', 'profileType', 'fullName', 'position', 'email', 'dialCode', 'phone'],
    },
    {
      id: 'directory',
      fields: [
        'employees',
        'annualRevenue',
        'certifications',
        'otherCertification',
        'websiteUrl',
        'address',
        'businessSectors',
        'otherSector',
        'logo',
        'listedInDirectory',
      ],
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
    otherText('certifications', 'otherCertification', 'other'),
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
  // spec sections 5 and 8: the B2B form's own texts
  wording: {
    [msg.required]: FORM_WORDING.required,
    [msg.email]: FORM_WORDING.email,
    [errorCode.connection]: FORM_WORDING.failed,
  },
});
export const { kind, schema, steps, files } = form;
