import type { z } from 'zod';
import { PARTICIPANT_TYPES, SECTORS } from '../constants';
import { email, msg, optionalText, phoneDigits, requiredText } from '../validation';
import { defineForm } from './define';
import type { FormLayout } from './define';
import { country, dialCodeField, flag, oneOf } from './fields';

/** Participant: an individual, or someone representing a company or an organisation (spec sections 2, 3, 5). */
export const participantShape = {
  lastName: requiredText(100),
  firstNames: requiredText(150),
  email: email(),
  dialCode: dialCodeField(),
  phone: phoneDigits(),
  countryOfResidence: country(),
  occupation: requiredText(150),
  participantType: oneOf(PARTICIPANT_TYPES),
  organizationName: optionalText(200),
  sector: oneOf(SECTORS),
  motivation: optionalText(1000),
  b2bInterest: flag(),
  telegramNotifications: flag(),
};

/** The spec's only conditional rule for participants: the company or organisation name. */
export const organizationNameRule = {
  target: 'organizationName',
  reads: ['participantType'],
  message: msg.requiredForCompany,
  ok: (data: { participantType: string; organizationName: string }) =>
    data.participantType === 'individual' || data.organizationName !== '',
} as const;

/**
 * The event variants (osaka, fipdc, sipen, 5km) reuse this schema: the spec names their routes and the
 * sipen/5km layout but no field of their own. Only the kind, the route segment and the layout differ.
 */
export const buildParticipantForm = <const Kind extends string>(
  kind: Kind,
  slug: string,
  layout?: FormLayout,
) =>
  defineForm({
    kind,
    slug,
    ...(layout ? { layout } : {}),
    shape: participantShape,
    steps: [
      {
        id: 'personal',
        fields: ['lastName', 'firstNames', 'email', 'dialCode', 'phone', 'countryOfResidence'],
      },
      { id: 'professional', fields: ['occupation', 'participantType', 'organizationName', 'sector'] },
      { id: 'preferences', fields: ['motivation', 'b2bInterest', 'telegramNotifications'] },
    ],
    rules: [organizationNameRule],
  });

export const form = buildParticipantForm('participant', 'participant');
export const { kind, schema, steps, files } = form;
export type ParticipantInput = z.input<typeof schema>;
export type Participant = z.output<typeof schema>;
