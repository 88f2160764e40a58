import { organizationNameBreaks, fixOrganizationName, participantSpecs } from './arbitraries';
import { checkForm } from './form-harness';
import * as participant from './participant';
import * as p5km from './participant-5km';
import * as fipdc from './participant-fipdc';
import * as osaka from './participant-osaka';
import * as sipen from './participant-sipen';

for (const variant of [participant, osaka, fipdc, sipen, p5km]) {
  checkForm(variant.form, participantSpecs, { fix: fixOrganizationName, cross: organizationNameBreaks });
}
