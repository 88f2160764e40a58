import { publicInfoRequest } from '@evt/contracts/info-requests';
import type { Locale } from '@evt/contracts/locale';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { activateLocale, i18n } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { AnswerPage } from './answer-page';

/** The BFF's answer, through the contract it answers with. */
const request = publicInfoRequest.parse({
  event: {
    title: 'Forum B2B Lyon',
    titles: { en: 'Lyon B2B Forum' },
    languages: ['fr', 'en', 'ja'],
    logo: null,
  },
  message: 'Please send your certificate.',
  locale: 'en',
  answered: false,
  items: [{ key: 'q1', kind: 'text', label: 'VAT number', required: true, file: null }],
});

/** The page as the visitor entry shows it, under `path` (the console's router has no visitor pages). */
async function show(locale: Locale, path: string) {
  mockApi(null, { 'GET /api/public/requests': json(200, request) });
  await activateLocale(locale);
  const router = createMemoryRouter([{ path: '*', element: <AnswerPage token={'t'.repeat(43)} /> }], {
    initialEntries: [path],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('an information request’s page: the event’s name in the page’s language (issue 16)', () => {
  it('shows the English name on the English page', async () => {
    await show('en', '/en/requests/token');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: en.infoRequests.public.title.replace('{{event}}', 'Lyon B2B Forum'),
      }),
    ).toBeInTheDocument();
  });

  it('shows the main name on the Japanese page, marked French and said so', async () => {
    await show('ja', '/jp/requests/token');
    await screen.findByRole('heading', {
      level: 1,
      name: ja.infoRequests.public.title.replace('{{event}}', 'Forum B2B Lyon'),
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
