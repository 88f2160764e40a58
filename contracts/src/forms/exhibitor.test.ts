import { SECTORS } from '../constants';
import { T } from './arbitraries';
import * as exhibitor from './exhibitor';
import * as legacy from './exhibitor-legacy';
import { checkForm } from './form-harness';

checkForm(exhibitor.form, {
  companyName: T.text(200),
  manager: T.text(150),
  email: T.email(),
  dialCode: T.dialCode(),
  phone: T.phone(),
  address: T.text(300),
});

checkForm(legacy.form, {
  structureName: T.text(200),
  representativeName: T.text(150),
  email: T.email(),
  sector: T.oneOf(SECTORS),
  logisticalNeeds: T.text(1000),
  logo: T.optUpload(),
});
