import { publicInfoRequest } from '@evt/contracts/info-requests';
import type { Locale } from '@evt/contracts/locale';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { activateLocale, i18n } from '../../../lib/i18n/i18n';
import { errorResponse, json, mockApi } from '../../../test/render-app';
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

describe('an information request’s page: the event’s name in the page’s language', () => {
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

describe('an information request’s form', () => {
  const withDocument = publicInfoRequest.parse({
    ...request,
    items: [
      { key: 'q1', kind: 'text', label: 'VAT number', required: true, file: null },
      { key: 'q2', kind: 'file', label: 'Certificate', required: true, file: null },
    ],
  });

  async function open(token: string, answer: Parameters<typeof mockApi>[1] = {}) {
    const api = mockApi(null, { 'GET /api/public/requests': json(200, withDocument), ...answer });
    await activateLocale('en');
    const router = createMemoryRouter([{ path: '*', element: <AnswerPage token={token} /> }], {
      initialEntries: ['/en/requests/x'],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await screen.findByRole('textbox', { name: 'VAT number' });
    return api;
  }

  it('names each missing answer on its own field, and sends nothing', async () => {
    const api = await open('a'.repeat(43));
    await userEvent.click(screen.getByRole('button', { name: en.infoRequests.public.submit }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([en.validation.required, en.validation.required]);
    expect(screen.getByRole('textbox', { name: 'VAT number' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts the server’s refusal of an answer on that answer’s field', async () => {
    const file = { ...withDocument.items[1]!, file: { name: 'kbis.pdf', size: 10, type: 'application/pdf' } };
    const answered = { ...withDocument, items: [withDocument.items[0]!, file] };
    const api = mockApi(null, {
      'GET /api/public/requests': json(200, answered),
      'POST /api/public/requests/answer': errorResponse(400, 'errors.validation', {
        'answers.q1': ['validation.tooLong'],
      }),
    });
    await activateLocale('en');
    const router = createMemoryRouter([{ path: '*', element: <AnswerPage token={'b'.repeat(43)} /> }], {
      initialEntries: ['/en/requests/x'],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: 'VAT number' }), 'FR123');
    expect(
      screen.getByText(en.infoRequests.public.uploaded.replace('{{name}}', 'kbis.pdf')),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.infoRequests.public.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(en.validation.tooLong);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ answers: { q1: 'FR123' } });
  });
});
