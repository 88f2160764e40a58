import { PARTICIPANT_TYPES, SECTORS } from '../constants';
import { optionalText, requiredText } from '../validation';
import { defineForm, field, fileWidget, radio, select } from './define';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  oneOf,
  uploadToken,
  uploadTokens,
  personNameFields,
  contactFields,
} from './fields';
import { organizationNameRule } from './participant';

export const OTHER_DOCUMENTS_MAX = 5;

/**
 * Delegation member (spec section 3). "Type" is the participant type, so the participant's rule applies:
 * the organisation name is required for company and organisation members only; motivation is optional as
 * for participants. The passport is required (a delegation's visa letters need it); other documents are not.
 */
export const form = defineForm({
  kind: 'delegation_member',
  slug: 'membre_delegation',
  fields: {
    ...personNameFields(),
    ...contactFields(),
    position: field(requiredText(150), 'text'),
    participantType: field(oneOf(PARTICIPANT_TYPES), radio('participantTypes', PARTICIPANT_TYPES)),
    organizationName: field(optionalText(200), 'text'),
    sector: field(oneOf(SECTORS), select('sectors', SECTORS)),
    motivation: field(optionalText(1000), 'textarea'),
    passport: field(uploadToken(), fileWidget(DOCUMENT_TYPES, DOCUMENT_MAX_BYTES)),
    otherDocuments: field(
      uploadTokens(OTHER_DOCUMENTS_MAX),
      fileWidget(DOCUMENT_TYPES, DOCUMENT_MAX_BYTES, OTHER_DOCUMENTS_MAX),
    ),
  },
  steps: [
    {
      id: 'member',
      fields: [
        'lastName',
        'firstNames',
        'email',
        'dialCode',
        'phone',
        'position',
        'participantType',
        'organizationName',
        'sector',
        'motivation',
        'passport',
        'otherDocuments',
      ],
    },
  ],
  rules: [organizationNameRule],
});
export const { kind, schema, steps, files } = form;
