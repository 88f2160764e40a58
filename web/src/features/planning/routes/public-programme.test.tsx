import { publicProgramme } from '@evt/contracts/planning';
import type { Locale } from '@evt/contracts/locale';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { activateLocale, i18n } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { PublicProgrammePage } from './public-programme';

/** The page as the visitor entry shows it, under `path` (the console's router has no visitor pages). */
async function show(locale: Locale, path: string) {
  await activateLocale(locale);
  const router = createMemoryRouter([{ path: '*', element: <PublicProgrammePage slug="41" /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

/** The BFF's answer, through the contract it answers with. */
const programme = publicProgramme.parse({
  event: {
    id: 41,
    slug: 'forum-41',
    title: 'Forum B2B Lyon',
    titles: { en: 'Lyon B2B Forum' },
    venue: 'Centre de Congrès',
    city: 'Lyon',
    languages: ['fr', 'en', 'ja'],
  },
  sessions: [],
});

describe('the public programme: the event’s name in the page’s language', () => {
  it('shows the English name on the English page', async () => {
    mockApi(null, { 'GET /api/public/events/41/programme': json(200, programme) });
    await show('en', '/en/events/41/programme');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: en.planning.public.title.replace('{{event}}', 'Lyon B2B Forum'),
    });
    expect(heading.querySelector('[lang]')).toBeNull();
  });

  it('shows the main name on the Japanese page, marked French and said so', async () => {
    mockApi(null, { 'GET /api/public/events/41/programme': json(200, programme) });
    await show('ja', '/jp/events/41/programme');
    await screen.findByRole('heading', {
      level: 1,
      name: ja.planning.public.title.replace('{{event}}', 'Forum B2B Lyon'),
    });
    expect(screen.getByText('Forum B2B Lyon')).toHaveAttribute('lang', 'fr');
    expect(
      screen.getByText(
        ja.eventLanguages.visitor.shownIn
          .replace('{{language}}', ja.eventLanguages.names.ja)
          .replace('{{original}}', ja.eventLanguages.names.fr),
      ),
    ).toBeInTheDocument();
  });
});
