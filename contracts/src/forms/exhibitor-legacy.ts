import { SECTORS } from '../constants';
import { email, requiredText } from '../validation';
import { defineForm } from './define';
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
  shape: {
    structureName: requiredText(200),
    representativeName: requiredText(150),
    email: email(),
    sector: oneOf(SECTORS),
    logisticalNeeds: requiredText(1000),
    logo: optionalUploadToken(),
  },
  steps: [
    {
      id: 'structure',
      fields: ['structureName', 'representativeName', 'email', 'sector', 'logisticalNeeds', 'logo'],
    },
  ],
  files: [{ name: 'logo', required: false, maxBytes: LOGO_MAX_BYTES, types: IMAGE_TYPES, maxCount: 1 }],
});
export const { kind, schema, steps, files } = form;
