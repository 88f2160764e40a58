import { requiredText } from '../validation';
import { defineForm, field, fileWidget } from './define';
import {
  country,
  IMAGE_TYPES,
  LOGO_MAX_BYTES,
  optionalUploadToken,
  personNameFields,
  contactFields,
} from './fields';

/** Press agent (spec section 3). The media's logo is optional (not stated; uploads should not block). */
export const form = defineForm({
  kind: 'press_agent',
  slug: 'agent_presse',
  fields: {
    ...personNameFields(),
    ...contactFields(),
    country: field(country(), 'country'),
    mediaOrganization: field(requiredText(200), 'text'),
    address: field(requiredText(300), 'textarea'),
    logo: field(optionalUploadToken(), fileWidget(IMAGE_TYPES, LOGO_MAX_BYTES)),
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
});
export const { kind, schema, steps, files } = form;
