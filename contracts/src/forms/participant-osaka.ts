import { buildParticipantForm } from './participant';

/** Same fields as the participant form: the spec gives this variant a route, not fields of its own. */
export const form = buildParticipantForm('participant_osaka', 'participant_osaka');
export const { kind, schema, steps, files } = form;
