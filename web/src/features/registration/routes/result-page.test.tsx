import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { errorResponse, json, mockApi, renderApp } from '../../../test/render-app';

const TOKEN = 'a'.repeat(43);
const confirmation = (extra: Record<string, unknown> = {}) => ({
  status: 'confirmed',
  kind: 'participant',
  eventSlug: 'sii-2027',
  eventTitle: 'International Innovation Fair 2027',
  locale: 'en',
  ...extra,
});

describe('the confirmation link, then the result page', () => {
  it('offers the Telegram deep link the BFF gave', async () => {
    const link = `https://t.me/evt_demo_bot?start=${'b'.repeat(43)}`;
    mockApi(null, {
      'GET /api/public/registrations/confirm': json(200, confirmation({ telegramLink: link })),
      'GET /api/public/events/sii-2027': errorResponse(404, 'errors.notFound'),
    });
    renderApp(`/en/public/registrations/confirm?token=${TOKEN}`);
    const telegram = await screen.findByRole('link', { name: en.telegram.visitor.link });
    expect(telegram).toHaveAttribute('href', link);
    expect(telegram).toHaveAccessibleDescription(en.telegram.visitor.hint);
  });

  it('never links a deep link that is not the bot one', async () => {
    mockApi(null, {
      'GET /api/public/registrations/confirm': json(
        200,
        confirmation({ telegramLink: 'https://evil.example/?start=x' }),
      ),
      'GET /api/public/events/sii-2027': errorResponse(404, 'errors.notFound'),
    });
    renderApp(`/en/public/registrations/confirm?token=${TOKEN}`);
    // a deep link to anywhere but the bot fails the contract: the answer is refused, not linked
    expect(await screen.findByText(en.registration.result.failed)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.telegram.visitor.link })).toBeNull();
  });
});

describe('the bare result page', () => {
  it('is the visitor result layout for a signed-out visitor, not the console not-found page', async () => {
    mockApi(null);
    renderApp('/en/events/result-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: en.registration.result.noConfirmationTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(en.registration.result.noConfirmation)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: en.pages.notFound.title })).toBeNull();
    // nothing failed: no resend form
    expect(screen.queryByRole('heading', { name: en.registration.result.resendTitle })).toBeNull();
  });
});
