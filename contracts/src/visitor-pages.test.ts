import { describe, expect, it } from 'vitest';
import { keyFragment, matchVisitorPage, publicEventPath, visitorPageOf } from './visitor-pages';

describe('visitor pages', () => {
  it('matches a B2B company space, its link page and an activity B2B form', () => {
    const key = 'ab'.repeat(24);
    expect(matchVisitorPage(`/events-sii-2027/b2b-41-${key}`)).toEqual({
      page: 'b2bSpace',
      slug: 'sii-2027',
      code: 41,
      key,
      layout: 'form',
    });
    for (const [segment, layout] of [
      ['b2b_osaka', 'osaka'],
      ['b2b-osaka', 'osaka'],
      ['b2b_sipen', 'sipen'],
      ['b2b-sipen', 'sipen'],
    ])
      expect(matchVisitorPage(`/events-7/${segment}-41-${key}`), segment).toMatchObject({
        code: 41,
        key,
        layout,
      });
    expect(matchVisitorPage('/events-7/b2b-41')).toMatchObject({ page: 'b2bSpace', code: 41, key: null });
    expect(matchVisitorPage('/events-7/b2b-41-short')).toBeNull();
    expect(matchVisitorPage('/events-7/b2b-0')).toBeNull();
    // an exhibitor's lead-scanning space: the key travels in the fragment only
    expect(matchVisitorPage('/events-sii-2027/exhibitor-12')).toEqual({
      page: 'exhibitorSpace',
      slug: 'sii-2027',
      code: 12,
    });
    expect(matchVisitorPage(`/events-sii-2027/exhibitor-12-${key}`)).toBeNull();
    expect(matchVisitorPage('/events-sii-2027/exhibitor-x')).toBeNull();
    // an information request's page: its token in the path (links mailed before) or in the fragment
    expect(matchVisitorPage('/requests/irq_abc')).toEqual({ page: 'infoRequest', token: 'irq_abc' });
    expect(matchVisitorPage('/requests')).toEqual({ page: 'infoRequest', token: null });
    expect(keyFragment('irq_a-b')).toBe('#key=irq_a-b');
    expect(matchVisitorPage('/activities-7/forms-3/b2b')).toEqual({
      page: 'form',
      slug: '7',
      kinds: ['b2b'],
      formId: 3,
    });
  });

  it('matches the form, submitted, result and confirmation pages with what they need', () => {
    expect(matchVisitorPage('/events-sii-2027/participant')).toEqual({
      page: 'form',
      slug: 'sii-2027',
      kinds: ['participant'],
      formId: null,
    });
    expect(matchVisitorPage('/events-sii-2027/exposant')).toMatchObject({
      kinds: ['exhibitor', 'exhibitor_legacy'],
    });
    // both spellings of the spec: its forms list and its public list
    for (const segment of ['participant-fipdc', 'participant_fipdc'])
      expect(matchVisitorPage(`/events-sii-2027/${segment}`), segment).toMatchObject({
        kinds: ['participant_fipdc'],
      });
    expect(matchVisitorPage('/events/12/forms-7/participant')).toEqual({
      page: 'form',
      slug: '12',
      kinds: ['participant'],
      formId: 7,
    });
    expect(matchVisitorPage('/events/participant-12')).toMatchObject({ page: 'form', slug: '12' });
    expect(matchVisitorPage('/events-sii-2027/b2b')).toEqual({
      page: 'form',
      slug: 'sii-2027',
      kinds: ['b2b'],
      formId: null,
    });
    expect(matchVisitorPage('/events/12/forms-7/b2b')).toEqual({
      page: 'form',
      slug: '12',
      kinds: ['b2b'],
      formId: 7,
    });
    expect(matchVisitorPage('/events-x/submitted/b2b')).toEqual({
      page: 'submitted',
      slug: 'x',
      submitted: 'b2b',
    });
    expect(matchVisitorPage('/events/12')).toEqual({ page: 'event', slug: '12' });
    expect(matchVisitorPage('/events-x/submitted/particapant')).toEqual({
      page: 'submitted',
      slug: 'x',
      submitted: 'particapant',
    });
    expect(matchVisitorPage('/events/result-page/error')).toEqual({ page: 'result', outcome: 'error' });
    expect(matchVisitorPage('/events/result-page')).toEqual({ page: 'result', outcome: null });
    expect(matchVisitorPage('/public/registrations/confirm')).toEqual({ page: 'confirm' });
  });

  it('leaves every other path to the application, which shows its 404 or its page', () => {
    for (const path of [
      '/',
      '/events',
      '/events/dashboard-3',
      '/events/participant-abc',
      '/events/participant-0',
      '/events-sii-2027/unknown',
      '/events-sii-2027/b2b_osaka',
      '/events/0',
      '/events/012',
      '/events/infos',
      '/events/infos-3',
      '/events/forms-3',
      '/events/12/extra',
      '/events-/participant',
      '/events-sii 2027/participant',
      '/events-sii-2027/participant/extra',
      '/events-sii-2027/submitted/other',
      '/events/12/forms-0/participant',
      '/events/12/forms-7/exposant',
      '/events/result-page/other',
      '/public/registrations/confirm/x',
      '/home',
    ])
      expect(matchVisitorPage(path), path).toBeNull();
  });

  it('builds the public event page path that the visitor entry matches', () => {
    expect(matchVisitorPage(publicEventPath(42))).toEqual({ page: 'event', slug: '42' });
    expect(visitorPageOf(`/jp${publicEventPath(7)}`)).toEqual({
      locale: 'ja',
      visitor: { page: 'event', slug: '7' },
    });
  });

  it('reads the locale prefix and ignores a trailing slash', () => {
    expect(visitorPageOf('/jp/events-a/receptionist/')).toMatchObject({
      locale: 'ja',
      visitor: { page: 'form', kinds: ['receptionist'] },
    });
    expect(visitorPageOf('/events-a/receptionist')?.locale).toBe('fr');
    expect(visitorPageOf('/en/home')).toBeNull();
  });
});
