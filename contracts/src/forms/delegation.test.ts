import { describe, expect, it } from 'vitest';
import { PARTICIPANT_TYPES, SECTORS } from '../constants';
import { organizationNameBreaks, fixOrganizationName, T } from './arbitraries';
import * as delegation from './delegation';
import * as member from './delegation-member';
import { checkForm } from './form-harness';

checkForm(delegation.form, {
  delegationName: T.text(200),
  country: T.country(),
  email: T.email(),
  memberEmails: T.emailList(),
});

describe('delegation member e-mails', () => {
  it('come out as distinct lower-cased addresses in their order', () => {
    const parsed = delegation.schema.parse({
      delegationName: 'Délégation',
      country: 'CI',
      email: 'head@example.com',
      memberEmails: ' B@example.com,a@example.org ;c@example.net\n',
      privacyConsent: true,
    });
    expect(parsed.memberEmails).toEqual(['b@example.com', 'a@example.org', 'c@example.net']);
  });
});

checkForm(
  member.form,
  {
    lastName: T.text(100),
    firstNames: T.text(150),
    email: T.email(),
    dialCode: T.dialCode(),
    phone: T.phone(),
    position: T.text(150),
    participantType: T.oneOf(PARTICIPANT_TYPES),
    organizationName: T.optText(200),
    sector: T.oneOf(SECTORS),
    motivation: T.optText(1000),
    passport: T.upload(),
    otherDocuments: T.uploads(member.OTHER_DOCUMENTS_MAX),
  },
  { fix: fixOrganizationName, cross: organizationNameBreaks },
);
