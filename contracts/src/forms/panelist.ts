import { email, requiredText } from '../validation';
import { defineForm, field } from './define';
import { dialCodeField, personNameFields, phoneDigits } from './fields';

/** Panelist (spec section 3): last and first names, email, position, phone. */
export const form = defineForm({
  kind: 'panelist',
  slug: 'panelist',
  fields: {
    ...personNameFields(),
    email: field(email(), 'email'),
    position: field(requiredText(150), 'text'),
    dialCode: field(dialCodeField(), 'dial'),
    phone: field(phoneDigits(), 'tel'),
  },
  steps: [{ id: 'panelist', fields: ['lastName', 'firstNames', 'email', 'position', 'dialCode', 'phone'] }],
});
export const { kind, schema, steps, files } = form;
