import { SECTORS } from '../constants';
import { email, requiredText } from '../validation';
import { defineForm, field, fileWidget, select } from './define';
import { IMAGE_TYPES, LOGO_MAX_BYTES, oneOf, optionalUploadToken } from './fields';

/**
 * The older exhibitor field set (spec: structure name, representativeName, sector, logistical needs, logo), kept
 * for events whose form configuration still uses it; same route segment as the current one.
 * Decision: an e-mail is added, because a registration is pending until its e-mail link is clicked.
 * The logo is optional (the spec does not say; a failed upload should not block a registration).
 */
export const form = defineForm({
  kind: 'exhibitor_legacy',
  slug: 'exposant',
  fields: {
    structureName: field(requiredText(200), 'text'),
    representativeName: field(requiredText(150), 'text'),
    email: field(email(), 'email'),
    sector: field(oneOf(SECTORS), select('sectors', SECTORS)),
    logisticalNeeds: field(requiredText(1000), 'textarea'),
    logo: field(optionalUploadToken(), fileWidget(IMAGE_TYPES, LOGO_MAX_BYTES)),
  },
  steps: [
    {
      id: 'structure',
      fields: ['structureName', 'representativeName', 'email', 'sector', 'logisticalNeeds', 'logo'],
    },
  ],
});
export const { kind, schema, steps, files } = form;
