import { spaceMe } from '@evt/contracts/b2b';
import type { Locale } from '@evt/contracts/locale';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import ja from '../../../../../locales/ja.json';
import { activateLocale, i18n } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { SpacePage } from './space-page';
import { lovelaceEngines } from '../test/company';

/** The BFF's answer, through the contract it answers with. */
const me = spaceMe.parse({
  eventTitle: 'Forum B2B Lyon',
  eventTitles: { en: 'Lyon B2B Forum' },
  eventLanguages: ['fr', 'en', 'ja'],
  eventSlug: 'forum-b2b-lyon',
  company: lovelaceEngines,
  programme: { frozen: false, published: false, requestCap: 5, mutualAcceptance: false },
  requestsUsed: 0,
});

/** The space as the visitor entry shows it, under `path` (the console's router has no visitor pages). */
async function show(locale: Locale, path: string) {
  mockApi(null, {
    'GET /api/public/b2b/forum-b2b-lyon/me': json(200, me),
    'GET /api/public/b2b/forum-b2b-lyon/suggestions': json(200, { data: [] }),
  });
  await activateLocale(locale);
  const page = <SpacePage slug="forum-b2b-lyon" code={41} confirm={'k'.repeat(48)} layout="form" />;
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('the B2B space: the event’s name in the page’s language', () => {
  it('shows the English name on the English page', async () => {
    await show('en', '/en/events-forum-b2b-lyon/b2b-41-key');
    const name = await screen.findByText('Lyon B2B Forum');
    expect(name).not.toHaveAttribute('lang');
    expect(screen.queryByText('Forum B2B Lyon')).toBeNull();
  });

  it('shows the main name on the Japanese page, marked French and said so', async () => {
    await show('ja', '/jp/events-forum-b2b-lyon/b2b-41-key');
    expect(await screen.findByText('Forum B2B Lyon')).toHaveAttribute('lang', 'fr');
    expect(
      screen.getByText(
        ja.eventLanguages.visitor.shownIn
          .replace('{{language}}', ja.eventLanguages.names.ja)
          .replace('{{original}}', ja.eventLanguages.names.fr),
      ),
    ).toBeInTheDocument();
  });
});
