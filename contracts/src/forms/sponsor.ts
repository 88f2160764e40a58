import {
  FUNCTIONS,
  FUNCTIONS_BY_CATEGORY,
  PARTNER_TYPES,
  PARTNERSHIP_LEVELS,
  PARTNERSHIP_TYPES,
} from '../constants';
import { requiredText } from '../validation';
import { defineForm, field, groupedSelect, radio, select } from './define';
import { oneOf, contactFields } from './fields';

/**
 * Sponsor or partner, 2 steps (spec sections 2, 3). Decision: e-mail and phone are added to the first step,
 * since the registration is confirmed by e-mail and the organiser must be able to call back.
 */
export const form = defineForm({
  kind: 'sponsor',
  slug: 'sponsor',
  fields: {
    organizationName: field(requiredText(200), 'text'),
    representativeName: field(requiredText(150), 'text'),
    position: field(
      oneOf(FUNCTIONS),
      groupedSelect('functions', FUNCTIONS, 'functionCategories', FUNCTIONS_BY_CATEGORY),
    ),
    ...contactFields(),
    address: field(requiredText(300), 'textarea'),
    city: field(requiredText(100), 'text'),
    expectations: field(requiredText(1000), 'textarea'),
    partnershipLevel: field(oneOf(PARTNERSHIP_LEVELS), select('partnershipLevels', PARTNERSHIP_LEVELS)),
    partnerType: field(oneOf(PARTNER_TYPES), select('partnerTypes', PARTNER_TYPES)),
    partnershipType: field(oneOf(PARTNERSHIP_TYPES), radio('partnershipTypes', PARTNERSHIP_TYPES)),
  },
  steps: [
    {
      id: 'organisation',
      fields: [
        'organizationName',
        'representativeName',
        'position',
        'email',
        'dialCode',
        'phone',
        'address',
        'city',
      ],
    },
    { id: 'partnership', fields: ['expectations', 'partnershipLevel', 'partnerType', 'partnershipType'] },
  ],
});
export const { kind, schema, steps, files } = form;
