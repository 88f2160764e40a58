import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';
import { lovelaceEngines } from '../test/company';

const programme = {
  registrationId: 41,
  eventId: 7,
  eventTitle: 'Forum B2B Lyon',
  eventSlug: 'forum-b2b-lyon',
  startDate: '2027-03-10T08:00:00.000Z',
  endDate: '2027-03-11T17:00:00.000Z',
  expired: false,
  frozen: false,
  published: false,
  company: lovelaceEngines,
  companyDescription: 'Analytical engines, made to order.',
  requestsUsed: 2,
  requestCap: 5,
  meetings: 0,
};

describe('/profile/b2b: the signed-in user’s own companies in B2B programmes', () => {
  it('shows each company with its profile summary and opens its space through the BFF, not a link key', async () => {
    mockApi(fixtures.session(), {
      'GET /api/profile/b2b': json(200, { emailVerified: true, data: [programme] }),
    });
    renderApp('/en/profile/b2b');
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: en.b2b.ownProfile.companyAt
        .replace('{{company}}', 'Lovelace Engines')
        .replace('{{event}}', 'Forum B2B Lyon'),
    });
    const card = heading.closest('section') as HTMLElement;
    expect(within(card).getByText('Analytical engines, made to order.')).toBeInTheDocument();
    expect(
      within(card).getByText(
        en.b2b.space.quota.left.replace('{{left}}', '3').replace('{{cap}}', '5').replace('{{used}}', '2'),
      ),
    ).toBeInTheDocument();
    const open = within(card).getByRole('link', { name: en.b2b.ownProfile.open });
    expect(open).toHaveAccessibleDescription(heading.textContent ?? '');
    expect(open).toHaveAttribute('href', '/api/profile/b2b/41/space?locale=en');
  });

  it('names the event in the page’s language when written, else in its main one marked with its language', async () => {
    const written = {
      ...programme,
      eventTitles: { en: 'Lyon B2B Forum' },
      eventLanguages: ['fr', 'en', 'ja'],
    };
    mockApi(fixtures.session(), {
      'GET /api/profile/b2b': json(200, { emailVerified: true, data: [written] }),
    });
    const view = renderApp('/en/profile/b2b');
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: en.b2b.ownProfile.companyAt
          .replace('{{company}}', 'Lovelace Engines')
          .replace('{{event}}', 'Lyon B2B Forum'),
      }),
    ).toBeInTheDocument();
    view.unmount();
    mockApi(fixtures.session(), {
      'GET /api/profile/b2b': json(200, { emailVerified: true, data: [written] }),
    });
    renderApp('/jp/profile/b2b');
    const main = await screen.findByText('Forum B2B Lyon');
    expect(main).toHaveAttribute('lang', 'fr');
  });

  it('says when the address is in no programme, and what a B2B programme is', async () => {
    mockApi(fixtures.session(), { 'GET /api/profile/b2b': json(200, { emailVerified: true, data: [] }) });
    renderApp('/en/profile/b2b');
    expect(await screen.findByText(en.b2b.ownProfile.none)).toBeInTheDocument();
    expect(screen.getByText(en.b2b.ownProfile.what)).toBeInTheDocument();
  });

  it('asks for a verified address first', async () => {
    mockApi(fixtures.session(), { 'GET /api/profile/b2b': json(200, { emailVerified: false, data: [] }) });
    renderApp('/en/profile/b2b');
    expect(await screen.findByText(en.b2b.ownProfile.unverified)).toBeInTheDocument();
    expect(screen.queryByText(en.b2b.ownProfile.none)).not.toBeInTheDocument();
  });
});
