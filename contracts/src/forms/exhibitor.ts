import { email, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import { dialCodeField } from './fields';

/** Exhibitor, current field set (spec section 3): company name, manager, email, phone, address. */
export const form = defineForm({
  kind: 'exhibitor',
  slug: 'exposant',
  shape: {
    companyName: requiredText(200),
    manager: requiredText(150),
    email: email(),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
    address: requiredText(300),
  },
  steps: [{ id: 'company', fields: ['companyName', 'manager', 'email', 'dialCode', 'phone', 'address'] }],
});
export const { kind, schema, steps, files } = form;
