import { registrationEnvelope } from '../public-registrations';
import * as b2b from './b2b';
import type { FileField, FormDefinition } from './define';
import * as delegation from './delegation';
import * as delegationMember from './delegation-member';
import * as exhibitor from './exhibitor';
import * as exhibitorLegacy from './exhibitor-legacy';
import type { RegistrationKind } from './kinds';
import * as panelist from './panelist';
import * as participant from './participant';
import * as participant5km from './participant-5km';
import * as participantFipdc from './participant-fipdc';
import * as participantOsaka from './participant-osaka';
import * as participantSipen from './participant-sipen';
import * as pressAgent from './press-agent';
import { type CustomQuestion, withQuestions } from './questions';
import * as receptionist from './receptionist';
import * as sponsor from './sponsor';
import * as travelAgency from './travel-agency';

/** Every form by kind, for the BFF and the upstream. A page of the SPA imports only its own form file. */
export const REGISTRATION_FORMS = {
  participant: participant.form,
  participant_osaka: participantOsaka.form,
  participant_fipdc: participantFipdc.form,
  participant_sipen: participantSipen.form,
  participant_5km: participant5km.form,
  exhibitor: exhibitor.form,
  exhibitor_legacy: exhibitorLegacy.form,
  panelist: panelist.form,
  press_agent: pressAgent.form,
  travel_agency: travelAgency.form,
  delegation: delegation.form,
  delegation_member: delegationMember.form,
  sponsor: sponsor.form,
  receptionist: receptionist.form,
  b2b: b2b.form,
} as const satisfies Record<RegistrationKind, FormDefinition>;

/** A kind's form, with the event form's custom questions after its own fields (forms/questions.ts). */
export function formFor(kind: RegistrationKind, questions: readonly CustomQuestion[] = []): FormDefinition {
  return withQuestions(REGISTRATION_FORMS[kind], questions);
}

/**
 * The limits of one file field (a question's included), or undefined when the form has no such file (the
 * upload is refused).
 */
export function fileFieldFor(
  kind: RegistrationKind,
  field: string,
  questions: readonly CustomQuestion[] = [],
): FileField | undefined {
  return formFor(kind, questions).files.find((file) => file.name === field);
}

// zod compiles a parser per schema instance on first use: one body schema per form definition
const bodies = new WeakMap<FormDefinition, ReturnType<typeof bodyOf>>();
const bodyOf = (form: FormDefinition) => registrationEnvelope.extend({ data: form.schema });

/**
 * The body of POST /public/events/:slug/registrations/:kind once the kind and the form's questions are
 * known: the route's envelope with `data` parsed by the form's schema (the BFF parses the envelope, then this).
 */
export function registrationBodyFor(kind: RegistrationKind, questions: readonly CustomQuestion[] = []) {
  const form = formFor(kind, questions);
  const known = bodies.get(form);
  if (known) return known;
  const body = bodyOf(form);
  bodies.set(form, body);
  return body;
}
