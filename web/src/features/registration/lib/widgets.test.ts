// @vitest-environment node
import { form as b2b } from '@evt/contracts/forms/b2b';
import { form as participant } from '@evt/contracts/forms/participant';
import { form as receptionist } from '@evt/contracts/forms/receptionist';
import { englishText } from '../../../test/english';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { formIdLoader, publicEventMatch, submittedLoader, visitorFormLoader } from './visitor-routes';
import { INPUTS, isControlled, optionLabel, selectEntries } from './widgets';

/** What the router gives a loader: the URL's path and the route's params from it. */
const args = (path: string, params: Record<string, string>) =>
  ({ params, request: new Request(`http://x${path}`), context: {} }) as never;

const t = englishText;

describe('registration widgets', () => {
  it('labels options from their declared source: enum messages, or language names from Intl', () => {
    const sector = participant.widgets.sector;
    expect(sector.type).toBe('select');
    if (sector.type !== 'select') return;
    expect(optionLabel(sector.labels, 'tech_innovation', t, 'en')).toBe(en.enums.sectors.tech_innovation);
    const languages = receptionist.widgets.spokenLanguages;
    if (languages.type !== 'checkboxes') throw new Error('spoken languages are boxes');
    expect(optionLabel(languages.labels, 'ja', t, 'en')).toBe('Japanese');
    expect(optionLabel(languages.labels, 'ja', t, 'fr')).toBe('japonais');
  });

  it('lists a position under the spec’s function categories, each a heading, "other" after them', () => {
    const position = b2b.widgets.position;
    if (position.type !== 'select') throw new Error('the position is chosen from a list');
    const entries = selectEntries(position);
    expect(entries.map((e) => (typeof e === 'string' ? e : e.heading))).toEqual([
      'general_management',
      'administrative_financial',
      'sales_marketing',
      'other',
    ]);
    expect(entries[0]).toMatchObject({
      labels: 'functionCategories',
      options: ['ceo', 'gm', 'deputy_gm', 'founder'],
    });
    expect(entries.flatMap((e) => (typeof e === 'string' ? [e] : e.options)).sort()).toEqual(
      [...position.options].sort(),
    );
    expect(selectEntries(participant.widgets.sector as never)).toEqual(
      participant.widgets.sector.type === 'select' ? participant.widgets.sector.options : [],
    );
  });

  it('gives each one-line input its type and keyboard, and controls the places and files', () => {
    expect(INPUTS[participant.widgets.phone.type]).toMatchObject({ type: 'tel', inputMode: 'tel' });
    expect(INPUTS[participant.widgets.email.type]).toMatchObject({ type: 'email', autoComplete: 'email' });
    expect(INPUTS[receptionist.widgets.dateOfBirth.type]).toMatchObject({ type: 'date' });
    expect(isControlled(participant.widgets.dialCode)).toBe(true);
    expect(isControlled(receptionist.widgets.cv)).toBe(true);
    expect(isControlled(participant.widgets.lastName)).toBe(false);
    expect(isControlled(receptionist.widgets.availableDays)).toBe(false);
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
      formIdLoader(args('/events/12/forms-3/participant', { id: '12', formSeg: 'forms-3' })),
    ).toMatchObject({ formId: 3 });
    expect(formIdLoader(args('/en/events/12/forms-3/b2b', { id: '12', formSeg: 'forms-3' }))).toEqual({
      slug: '12',
      kinds: ['b2b'],
      formId: 3,
    });
    expect(
      visitorFormLoader(args('/jp/events-x/b2b', { eventSeg: 'events-x', formSlug: 'b2b' })),
    ).toMatchObject({ kinds: ['b2b'] });
    expect(
      visitorFormLoader(
        args('/events-x/participant_fipdc', { eventSeg: 'events-x', formSlug: 'participant_fipdc' }),
      ),
    ).toMatchObject({ kinds: ['participant_fipdc'] });
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

  it('finds the event public page at /events/{id} only, leaving named pages to the console', () => {
    const at = (path: string) => publicEventMatch(new Request(`http://x${path}`));
    expect(at('/events/12')).toEqual({ slug: '12' });
    expect(at('/jp/events/12/')).toEqual({ slug: '12' });
    for (const path of ['/events/dashboard-12', '/events/infos', '/events/forms-3', '/events/0'])
      expect(at(path), path).toBeNull();
  });
});
