/**
 * A valid participant registration (contracts/src/forms/participant.ts) for the bench and the load run,
 * which send many of them; `lastName` tells their rows apart in the organiser's list.
 */
export const participantEntry = (email, lastName) => ({
  lastName,
  firstNames: 'Visitor',
  email,
  dialCode: '+33',
  phone: '612345678',
  countryOfResidence: 'FR',
  occupation: 'Engineer',
  participantType: 'individual',
  organizationName: '',
  sector: 'tech_innovation',
  motivation: '',
  b2bInterest: false,
  telegramNotifications: false,
  // the privacy consent box every form ends with (contracts/src/forms/consent.ts)
  privacyConsent: true,
});
