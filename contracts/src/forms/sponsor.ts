import { PARTNER_TYPES, PARTNERSHIP_LEVELS, PARTNERSHIP_TYPES } from '../constants';
import { email, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import { dialCodeField, oneOf } from './fields';

/**
 * Sponsor or partner, 2 steps (spec sections 2, 3). Decision: e-mail and phone are added to the first step,
 * since the registration is confirmed by e-mail and the organiser must be able to call back.
 */
export const form = defineForm({
  kind: 'sponsor',
  slug: 'sponsor',
  shape: {
    organizationName: requiredText(200),
    representativeName: requiredText(150),
    position: requiredText(150),
    email: email(),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
    address: requiredText(300),
    city: requiredText(100),
    expectations: requiredText(1000),
    partnershipLevel: oneOf(PARTNERSHIP_LEVELS),
    partnerType: oneOf(PARTNER_TYPES),
    partnershipType: oneOf(PARTNERSHIP_TYPES),
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
