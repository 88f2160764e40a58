import { email, requiredText } from '../validation';
import { defineForm } from './define';
import { country, emailList } from './fields';

/**
 * Delegation creation (spec section 3): name, country, members' e-mails comma-separated, each one checked.
 * Decision: the creator's own e-mail is added (the head of delegation), because the registration is confirmed
 * through an e-mail link; the members' addresses are invited, not confirmed, by this registration.
 */
export const form = defineForm({
  kind: 'delegation',
  slug: 'delegation',
  shape: {
    delegationName: requiredText(200),
    country: country(),
    email: email(),
    memberEmails: emailList(),
  },
  steps: [{ id: 'delegation', fields: ['delegationName', 'country', 'email', 'memberEmails'] }],
});
export const { kind, schema, steps, files } = form;
