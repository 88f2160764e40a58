import { email, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import { dialCodeField } from './fields';

/** Panelist (spec section 3): last and first names, email, position, phone. */
export const form = defineForm({
  kind: 'panelist',
  slug: 'panelist',
  shape: {
    lastName: requiredText(100),
    firstNames: requiredText(150),
    email: email(),
    position: requiredText(150),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
  },
  steps: [{ id: 'panelist', fields: ['lastName', 'firstNames', 'email', 'position', 'dialCode', 'phone'] }],
});
export const { kind, schema, steps, files } = form;
