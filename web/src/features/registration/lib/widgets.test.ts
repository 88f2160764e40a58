import { form as participant } from '@evt/contracts/forms/participant';
import { form as receptionist } from '@evt/contracts/forms/receptionist';
import { form as delegationMember } from '@evt/contracts/forms/delegation-member';
import { describe, expect, it } from 'vitest';
import { emptyValue, isRequired, widgetOf } from './widgets';
import { visitorFormLoader, submittedLoader, formIdParticipantLoader } from './visitor-routes';

/** What the router gives a loader: the URL's path and the route's params from it. */
const args = (path: string, params: Record<string, string>) =>
  ({ params, request: new Request(`http://x${path}`), context: {} }) as never;

describe('registration widgets', () => {
  it('derives each widget from the contract', () => {
    expect(widgetOf(participant, 'dialCode').type).toBe('dial');
    expect(widgetOf(participant, 'countryOfResidence').type).toBe('country');
    expect(widgetOf(participant, 'participantType').type).toBe('radio');
    expect(widgetOf(participant, 'sector').type).toBe('select');
    expect(widgetOf(participant, 'telegramNotifications').type).toBe('checkbox');
    expect(widgetOf(participant, 'motivation').type).toBe('textarea');
    expect(widgetOf(receptionist, 'availableDays').type).toBe('checkboxes');
    expect(widgetOf(receptionist, 'dateOfBirth').type).toBe('date');
    expect(widgetOf(receptionist, 'cv').type).toBe('file');
  });

  it('knows empty values and required fields from the schemas', () => {
    expect(emptyValue(receptionist, 'timeSlots')).toEqual([]);
    expect(emptyValue(delegationMember, 'otherDocuments')).toEqual([]);
    expect(emptyValue(participant, 'b2bInterest')).toBe(false);
    expect(isRequired(participant, 'lastName')).toBe(true);
    expect(isRequired(participant, 'motivation')).toBe(false);
    expect(isRequired(participant, 'telegramNotifications')).toBe(false);
    expect(isRequired(receptionist, 'consentAccuracy')).toBe(true);
  });
});

describe('visitor route loaders', () => {
  it('reads /events-{slug}/{form} and leaves other paths to the unmatched page', () => {
    expect(
      visitorFormLoader(
        args('/events-sii-2027/exposant', { eventSeg: 'events-sii-2027', formSlug: 'exposant' }),
      ),
    ).toEqual({
      slug: 'sii-2027',
      kinds: ['exhibitor', 'exhibitor_legacy'],
      formId: null,
    });
    expect(
      visitorFormLoader(args('/public/nothing', { eventSeg: 'public', formSlug: 'nothing' })),
    ).toBeNull();
    expect(() =>
      visitorFormLoader(args('/events-x/nope', { eventSeg: 'events-x', formSlug: 'nope' })),
    ).toThrow();
    expect(
      formIdParticipantLoader(args('/events/12/forms-3/participant', { id: '12', formSeg: 'forms-3' })),
    ).toMatchObject({ formId: 3 });
    expect(
      submittedLoader(args('/events-x/submitted/particapant', { eventSeg: 'events-x', page: 'particapant' })),
    ).toEqual({
      slug: 'x',
      page: 'particapant',
    });
    expect(() =>
      submittedLoader(args('/events-x/submitted/other', { eventSeg: 'events-x', page: 'other' })),
    ).toThrow();
  });
});
