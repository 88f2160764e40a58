import { FUNCTIONS, PARTNER_TYPES, PARTNERSHIP_LEVELS, PARTNERSHIP_TYPES } from '../constants';
import { T } from './arbitraries';
import { checkForm } from './form-harness';
import * as sponsor from './sponsor';

checkForm(sponsor.form, {
  organizationName: T.text(200),
  representativeName: T.text(150),
  position: T.oneOf(FUNCTIONS),
  email: T.email(),
  dialCode: T.dialCode(),
  phone: T.phone(),
  address: T.text(300),
  city: T.text(100),
  expectations: T.text(1000),
  partnershipLevel: T.oneOf(PARTNERSHIP_LEVELS),
  partnerType: T.oneOf(PARTNER_TYPES),
  partnershipType: T.oneOf(PARTNERSHIP_TYPES),
});
