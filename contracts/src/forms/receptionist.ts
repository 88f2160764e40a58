import { DAYS, EXPERIENCE_LEVELS, GENDERS, TIME_SLOTS } from '../constants';
import { msg, optionalText, requiredText } from '../validation';
import { defineForm, field, checkboxes, fileWidget, radio, select } from './define';
import {
  CV_TYPES,
  consent,
  country,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  IMAGE_TYPES,
  birthDate,
  oneOf,
  someOf,
  uploadToken,
  contactFields,
} from './fields';

/** Languages offered as boxes; labels come from Intl.DisplayNames (languageName). Others go in otherLanguages. */
export const SPOKEN_LANGUAGES = [
  'fr',
  'en',
  'ja',
  'ar',
  'es',
  'pt',
  'de',
  'it',
  'zh',
  'ru',
  'ko',
  'sw',
  'wo',
] as const;

/**
 * Receptionist or hostess, 3 steps (spec sections 2, 3). Decisions: e-mail and phone are added (the
 * registration is confirmed by e-mail); education level is free text (the spec lists no values); nationality
 * is a country code; the CV, ID document and photo are all required, as a hiring file needs them.
 * The two consents: the information is accurate, and the visitor agrees to the processing of the data.
 */
export const form = defineForm({
  kind: 'receptionist',
  slug: 'receptionist',
  fields: {
    fullName: field(requiredText(200), 'text'),
    dateOfBirth: field(birthDate(), 'date'),
    nationality: field(country(), 'country'),
    gender: field(oneOf(GENDERS), radio('genders', GENDERS)),
    ...contactFields(),
    address: field(requiredText(300), 'textarea'),
    educationLevel: field(requiredText(150), 'text'),
    spokenLanguages: field(someOf(SPOKEN_LANGUAGES), {
      type: 'checkboxes',
      options: SPOKEN_LANGUAGES,
      labels: 'language',
    }),
    otherLanguages: field(optionalText(200), 'text'),
    keySkills: field(requiredText(1000), 'textarea'),
    yearsOfExperience: field(oneOf(EXPERIENCE_LEVELS), select('experienceLevels', EXPERIENCE_LEVELS)),
    availableDays: field(someOf(DAYS, msg.makeAChoice), checkboxes('days', DAYS)),
    timeSlots: field(someOf(TIME_SLOTS), checkboxes('timeSlots', TIME_SLOTS)),
    cv: field(uploadToken(), fileWidget(CV_TYPES, DOCUMENT_MAX_BYTES)),
    idDocument: field(uploadToken(), fileWidget(DOCUMENT_TYPES, DOCUMENT_MAX_BYTES)),
    photo: field(uploadToken(), fileWidget(IMAGE_TYPES, DOCUMENT_MAX_BYTES)),
    consentAccuracy: field(consent(), 'checkbox'),
    consentDataProcessing: field(consent(), 'checkbox'),
  },
  steps: [
    {
      id: 'personal',
      fields: ['fullName', 'dateOfBirth', 'nationality', 'gender', 'email', 'dialCode', 'phone', 'address'],
    },
    {
      id: 'profile',
      fields: ['educationLevel', 'spokenLanguages', 'otherLanguages', 'keySkills', 'yearsOfExperience'],
    },
    {
      id: 'availability',
      fields: [
        'availableDays',
        'timeSlots',
        'cv',
        'idDocument',
        'photo',
        'consentAccuracy',
        'consentDataProcessing',
      ],
    },
  ],
});
export const { kind, schema, steps, files } = form;
