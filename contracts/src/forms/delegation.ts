import { email, requiredText } from '../validation';
import { defineForm, field } from './define';
import { country, emailList } from './fields';

/**
 * Delegation creation (spec section 3): name, country, members' e-mails comma-separated, each one checked.
 * Decision: the creator's own e-mail is added (the head of delegation), because the registration is confirmed
 * through an e-mail link; the members' addresses are invited, not confirmed, by this registration.
 */
export const form = defineForm({
  kind: 'delegation',
  slug: 'delegation',
  fields: {
    delegationName: field(requiredText(200), 'text'),
    country: field(country(), 'country'),
    email: field(email(), 'email'),
    memberEmails: field(emailList(), 'textarea'),
  },
  steps: [{ id: 'delegation', fields: ['delegationName', 'country', 'email', 'memberEmails'] }],
});
export const { kind, schema, steps, files } = form;
