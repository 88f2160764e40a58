import { email, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import { country, dialCodeField, IMAGE_TYPES, LOGO_MAX_BYTES, optionalUploadToken } from './fields';

/** Press agent (spec section 3). The media's logo is optional (not stated; uploads should not block). */
export const form = defineForm({
  kind: 'press_agent',
  slug: 'agent_presse',
  shape: {
    lastName: requiredText(100),
    firstNames: requiredText(150),
    email: email(),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
    country: country(),
    mediaOrganization: requiredText(200),
    address: requiredText(300),
    logo: optionalUploadToken(),
  },
  steps: [
    {
      id: 'pressAgent',
      fields: [
        'lastName',
        'firstNames',
        'email',
        'dialCode',
        'phone',
        'country',
        'mediaOrganization',
        'address',
        'logo',
      ],
    },
  ],
  files: [{ name: 'logo', required: false, maxBytes: LOGO_MAX_BYTES, types: IMAGE_TYPES, maxCount: 1 }],
});
export const { kind, schema, steps, files } = form;
