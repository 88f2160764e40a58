/**
 * The validation messages of the feature schemas (planning, meetings, badges, information requests, privacy): keys under
 * `<feature>.validation.` in locales/ (the shared `validation.` keys are another section's). They live apart
 * from the schemas so that the shared message lookup (web/src/lib/i18n/keys.ts), which every page loads,
 * does not pull those schemas (and what they import) into the visitor's form.
 */
export const planningMsg = {
  endBeforeStart: 'planning.validation.endBeforeStart',
  time: 'planning.validation.time',
  day: 'planning.validation.day',
} as const;

/** Messages of the meeting form. */
export const meetingMsg = {
  required: 'meetings.validation.required',
  titleTooLong: 'meetings.validation.titleTooLong',
  date: 'meetings.validation.date',
  time: 'meetings.validation.time',
  past: 'meetings.validation.past',
  duration: 'meetings.validation.duration',
  host: 'meetings.validation.host',
  participants: 'meetings.validation.participants',
  descriptionTooLong: 'meetings.validation.descriptionTooLong',
} as const;

/** Messages of a badge model's own rules. */
export const badgeMsg = {
  offPage: 'badges.validation.offPage',
  missing: 'badges.validation.missing',
  duplicate: 'badges.validation.duplicate',
} as const;

/** Messages of an information request's own rules. */
export const infoRequestMsg = {
  noQuestion: 'infoRequests.validation.noQuestion',
} as const;

/**
 * Messages of an event form's custom questions (forms/questions.ts): their limits, their labels. In the
 * shared `validation.` section: the visitor's form loads the questions' module, and its messages with it.
 */
export const questionMsg = {
  tooMany: 'validation.questionsTooMany',
  tooManyOptions: 'validation.optionsTooMany',
  tooFewOptions: 'validation.optionsTooFew',
  labelMissing: 'validation.labelMissing',
} as const;

/** Messages of the privacy notice and the consent box every public form ends with (privacy-notice.ts). */
export const privacyMsg = {
  consentRequired: 'privacy.validation.consentRequired',
  noticeEmpty: 'privacy.validation.noticeEmpty',
  contactRequired: 'privacy.validation.contactRequired',
} as const;
