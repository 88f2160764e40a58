import { buildParticipantForm } from './participant';

/** Same fields as the participant form: the spec gives this variant a route, not fields of its own. Layout form-sipen as the spec says. */
export const form = buildParticipantForm('participant_5km', 'participant_5km', 'form-sipen');
export const { kind, schema, steps, files } = form;
