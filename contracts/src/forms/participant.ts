import type { z } from 'zod';
import { PARTICIPANT_TYPES, SECTORS } from '../constants';
import { msg, optionalText, requiredText } from '../validation';
import { defineForm, field, radio, select } from './define';
import type { FormLayout } from './define';
import { country, flag, oneOf, personNameFields, contactFields } from './fields';

/** Participant: an individual, or someone representing a company or an organisation (spec sections 2, 3, 5). */
export const participantFields = {
  ...personNameFields(),
  ...contactFields(),
  countryOfResidence: field(country(), 'country'),
  occupation: field(requiredText(150), 'text'),
  participantType: field(oneOf(PARTICIPANT_TYPES), radio('participantTypes', PARTICIPANT_TYPES)),
  organizationName: field(optionalText(200), 'text'),
  sector: field(oneOf(SECTORS), select('sectors', SECTORS)),
  motivation: field(optionalText(1000), 'textarea'),
  b2bInterest: field(flag(), 'checkbox'),
  telegramNotifications: field(flag(), 'checkbox'),
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
    fields: participantFields,
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
