import { T } from './arbitraries';
import { checkForm } from './form-harness';
import * as panelist from './panelist';
import * as pressAgent from './press-agent';
import * as travelAgency from './travel-agency';

checkForm(panelist.form, {
  lastName: T.text(100),
  firstNames: T.text(150),
  email: T.email(),
  position: T.text(150),
  dialCode: T.dialCode(),
  phone: T.phone(),
});

checkForm(pressAgent.form, {
  lastName: T.text(100),
  firstNames: T.text(150),
  email: T.email(),
  dialCode: T.dialCode(),
  phone: T.phone(),
  country: T.country(),
  mediaOrganization: T.text(200),
  address: T.text(300),
  logo: T.optUpload(),
});

checkForm(travelAgency.form, {
  agencyName: T.text(200),
  email: T.email(),
  dialCode: T.dialCode(),
  phone: T.phone(),
  address: T.text(300),
  logo: T.optUpload(),
});
