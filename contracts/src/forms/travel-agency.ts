import { requiredText } from '../validation';
import { defineForm, field, fileWidget } from './define';
import { IMAGE_TYPES, LOGO_MAX_BYTES, optionalUploadToken, contactFields } from './fields';

/** Travel agency (spec section 3): name, email, phone, address, logo (optional, as for the press). */
export const form = defineForm({
  kind: 'travel_agency',
  slug: 'agence_voyage',
  fields: {
    agencyName: field(requiredText(200), 'text'),
    ...contactFields(),
    address: field(requiredText(300), 'textarea'),
    logo: field(optionalUploadToken(), fileWidget(IMAGE_TYPES, LOGO_MAX_BYTES)),
  },
  steps: [{ id: 'agency', fields: ['agencyName', 'email', 'dialCode', 'phone', 'address', 'logo'] }],
});
export const { kind, schema, steps, files } = form;
