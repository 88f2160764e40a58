import { publicEventPage } from '@evt/contracts/public-registrations';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { currentPath, errorResponse, json, mockApi, renderApp } from '../../../test/render-app';

/** The answer of GET /api/public/events/{id}, validated by the schema the BFF answers with. */
const eventPage = (id: number) =>
  publicEventPage.parse({
    event: {
      id,
      slug: `forum-${id}`,
      title: 'Forum B2B Lyon',
      logo: null,
      languages: ['fr', 'en', 'ja'],
      startDate: '2027-03-01T08:00:00.000Z',
      endDate: '2027-03-02T18:00:00.000Z',
      description: 'A day of business meetings.',
      venue: 'Centre de Congrès',
      city: 'Lyon',
      country: 'FR',
    },
    forms: [
      { kind: 'participant', formId: 1, title: null, open: true },
      { kind: 'b2b', formId: 2, title: null, open: true },
      { kind: 'sponsor', formId: 3, title: null, open: false },
    ],
  });

describe('the event public page, /events/{id}', () => {
  it('shows a signed-out visitor the event and its open forms, and opens one without asking again', async () => {
    const { calls } = mockApi(null, { 'GET /api/public/events/41': json(200, eventPage(41)) });
    const { router } = renderApp('/en/events/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forum B2B Lyon' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/en/events/41');
    expect(screen.getByText('Centre de Congrès, Lyon, France')).toBeInTheDocument();
    expect(screen.getByText('A day of business meetings.')).toBeInTheDocument();
    const forms = screen.getByRole('region', { name: en.publicEvent.forms });
    expect(forms).toBeInTheDocument();
    // a closed form is not offered
    expect(screen.queryByRole('link', { name: en.forms.kinds.sponsor.title })).toBeNull();
    const b2b = screen.getByRole('link', { name: en.forms.kinds.b2b.title });
    expect(b2b).toHaveAttribute('href', '/en/events-forum-41/b2b');

    await userEvent.click(b2b);
    expect(
      await screen.findByRole('heading', { level: 2, name: en.forms.steps.companyRepresentative }),
    ).toBeInTheDocument();
    // the spec's B2B profile types, as one choice on the first step
    const profile = screen.getByRole('group', { name: new RegExp(en.forms.fields.profileType.label) });
    for (const label of Object.values(en.enums.b2bProfileTypes))
      expect(profile).toContainElement(screen.getByRole('radio', { name: label }));
    // the page's answer held the forms: the form page asked nothing more
    expect(calls.filter((c) => c.path.startsWith('/api/public/')).map((c) => c.path)).toEqual([
      '/api/public/events/41',
    ]);
  });

  it('speaks the page language only: the organiser versions, else a marked fallback or the kind title', async () => {
    const page = eventPage(44);
    mockApi(null, {
      'GET /api/public/events/44': json(
        200,
        publicEventPage.parse({
          event: { ...page.event, title: 'Forum B2B de Lyon', titles: { ja: 'リヨンB2Bフォーラム' } },
          forms: [
            // French titles the organiser wrote: one translated, one not
            {
              kind: 'participant',
              formId: 1,
              title: 'Inscription visiteurs',
              titles: { ja: '来場者の登録' },
              open: true,
            },
            { kind: 'b2b', formId: 2, title: 'Rendez-vous B2B', open: true },
          ],
        }),
      ),
    });
    renderApp('/jp/events/44');
    const heading = await screen.findByRole('heading', { level: 1, name: 'リヨンB2Bフォーラム' });
    expect(heading).not.toHaveAttribute('lang');
    // no Japanese description: the French one, marked and said
    expect(screen.getByText('A day of business meetings.')).toHaveAttribute('lang', 'fr');
    expect(
      screen.getByText(
        ja.eventLanguages.visitor.shownIn
          .replace('{{language}}', ja.eventLanguages.names.ja)
          .replace('{{original}}', ja.eventLanguages.names.fr),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '来場者の登録' })).toBeInTheDocument();
    // never the French title on a Japanese page: the product's own title of the kind
    expect(screen.getByRole('link', { name: ja.forms.kinds.b2b.title })).toBeInTheDocument();
    expect(screen.queryByText('Rendez-vous B2B')).toBeNull();
  });

  it('says so, in the page language, when the event does not exist', async () => {
    mockApi(null, { 'GET /api/public/events/42': errorResponse(404, 'errors.notFound') });
    renderApp('/jp/events/42');
    expect(await screen.findByText(ja.publicEvent.unknown)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(ja.publicEvent.unavailable);
  });

  it('says when no form is open', async () => {
    const closed = eventPage(43);
    mockApi(null, {
      'GET /api/public/events/43': json(200, { ...closed, forms: [{ ...closed.forms[0], open: false }] }),
    });
    renderApp('/en/events/43');
    expect(await screen.findByText(en.publicEvent.noForms)).toBeInTheDocument();
  });
});
