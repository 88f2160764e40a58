import { email, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import { dialCodeField, IMAGE_TYPES, LOGO_MAX_BYTES, optionalUploadToken } from './fields';

/** Travel agency (spec section 3): name, email, phone, address, logo (optional, as for the press). */
export const form = defineForm({
  kind: 'travel_agency',
  slug: 'agence_voyage',
  shape: {
    agencyName: requiredText(200),
    email: email(),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
    address: requiredText(300),
    logo: optionalUploadToken(),
  },
  steps: [{ id: 'agency', fields: ['agencyName', 'email', 'dialCode', 'phone', 'address', 'logo'] }],
  files: [{ name: 'logo', required: false, maxBytes: LOGO_MAX_BYTES, types: IMAGE_TYPES, maxCount: 1 }],
});
export const { kind, schema, steps, files } = form;
