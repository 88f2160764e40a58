import { DAYS, EXPERIENCE_LEVELS, GENDERS, TIME_SLOTS } from '../constants';
import { email, msg, optionalText, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import {
  CV_TYPES,
  consent,
  country,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  dialCodeField,
  IMAGE_TYPES,
  isoDate,
  oneOf,
  someOf,
  uploadToken,
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

const pastDate = () =>
  isoDate().refine((value) => value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10), {
    error: msg.invalidInput,
  });

/**
 * Receptionist or hostess, 3 steps (spec sections 2, 3). Decisions: e-mail and phone are added (the
 * registration is confirmed by e-mail); education level is free text (the spec lists no values); nationality
 * is a country code; the CV, ID document and photo are all required, as a hiring file needs them.
 * The two consents: the information is accurate, and the visitor agrees to the processing of the data.
 */
export const form = defineForm({
  kind: 'receptionist',
  slug: 'receptionist',
  shape: {
    fullName: requiredText(200),
    dateOfBirth: pastDate(),
    nationality: country(),
    gender: oneOf(GENDERS),
    email: email(),
    dialCode: dialCodeField(),
    phone: phoneDigits(),
    address: requiredText(300),
    educationLevel: requiredText(150),
    spokenLanguages: someOf(SPOKEN_LANGUAGES),
    otherLanguages: optionalText(200),
    keySkills: requiredText(1000),
    yearsOfExperience: oneOf(EXPERIENCE_LEVELS),
    availableDays: someOf(DAYS, msg.makeAChoice),
    timeSlots: someOf(TIME_SLOTS),
    cv: uploadToken(),
    idDocument: uploadToken(),
    photo: uploadToken(),
    consentAccuracy: consent(),
    consentDataProcessing: consent(),
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
  files: [
    { name: 'cv', required: true, maxBytes: DOCUMENT_MAX_BYTES, types: CV_TYPES, maxCount: 1 },
    { name: 'idDocument', required: true, maxBytes: DOCUMENT_MAX_BYTES, types: DOCUMENT_TYPES, maxCount: 1 },
    { name: 'photo', required: true, maxBytes: DOCUMENT_MAX_BYTES, types: IMAGE_TYPES, maxCount: 1 },
  ],
});
export const { kind, schema, steps, files } = form;
