import { PARTICIPANT_TYPES, SECTORS } from '../constants';
import { email, optionalText, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  dialCodeField,
  oneOf,
  uploadToken,
  uploadTokens,
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
  shape: {
    lastName: requiredText(100),
    firstNames: requiredText(150),
    email: email(),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
    position: requiredText(150),
    participantType: oneOf(PARTICIPANT_TYPES),
    organizationName: optionalText(200),
    sector: oneOf(SECTORS),
    motivation: optionalText(1000),
    passport: uploadToken(),
    otherDocuments: uploadTokens(OTHER_DOCUMENTS_MAX),
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
  files: [
    { name: 'passport', required: true, maxBytes: DOCUMENT_MAX_BYTES, types: DOCUMENT_TYPES, maxCount: 1 },
    {
      name: 'otherDocuments',
      required: false,
      maxBytes: DOCUMENT_MAX_BYTES,
      types: DOCUMENT_TYPES,
      maxCount: OTHER_DOCUMENTS_MAX,
    },
  ],
});
export const { kind, schema, steps, files } = form;
