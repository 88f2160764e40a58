import { requiredText } from '../validation';
import { defineForm, field } from './define';
import { contactFields } from './fields';

/** Exhibitor, current field set (spec section 3): company name, manager, email, phone, address. */
export const form = defineForm({
  kind: 'exhibitor',
  slug: 'exposant',
  fields: {
    companyName: field(requiredText(200), 'text'),
    manager: field(requiredText(150), 'text'),
    ...contactFields(),
    address: field(requiredText(300), 'textarea'),
  },
  steps: [{ id: 'company', fields: ['companyName', 'manager', 'email', 'dialCode', 'phone', 'address'] }],
});
export const { kind, schema, steps, files } = form;
