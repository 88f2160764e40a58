import { DAYS, EXPERIENCE_LEVELS, GENDERS, TIME_SLOTS } from '../constants';
import { msg } from '../validation';
import { T } from './arbitraries';
import { checkForm } from './form-harness';
import * as receptionist from './receptionist';

const dateOfBirth = T.date('1950-01-01', '2008-12-31');
dateOfBirth.breaks.push(
  { label: 'in the future', value: '2999-01-01', key: msg.birthDateFuture },
  { label: 'over 120 years ago', value: '1899-12-31', key: msg.birthDateTooOld },
);

checkForm(receptionist.form, {
  fullName: T.text(200),
  dateOfBirth,
  nationality: T.country(),
  gender: T.oneOf(GENDERS),
  email: T.email(),
  dialCode: T.dialCode(),
  phone: T.phone(),
  address: T.text(300),
  educationLevel: T.text(150),
  spokenLanguages: T.someOf(receptionist.SPOKEN_LANGUAGES),
  otherLanguages: T.optText(200),
  keySkills: T.text(1000),
  yearsOfExperience: T.oneOf(EXPERIENCE_LEVELS),
  availableDays: T.someOf(DAYS, msg.makeAChoice),
  timeSlots: T.someOf(TIME_SLOTS),
  cv: T.upload(),
  idDocument: T.upload(),
  photo: T.upload(),
  consentAccuracy: T.consent(),
  consentDataProcessing: T.consent(),
});
