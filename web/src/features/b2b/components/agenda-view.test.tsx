import type { Locale } from '@evt/contracts/locale';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { activateLocale, i18n } from '../../../lib/i18n/i18n';
import { json, mockApi } from '../../../test/render-app';
import { AgendaView } from './agenda-view';

const meeting = {
  requestId: 3,
  uid: 'b2b-1-3@evt',
  sequence: 0,
  // 13:30 in Paris (summer time)
  start: '2027-06-10T11:30:00.000Z',
  end: '2027-06-10T12:00:00.000Z',
  table: 'A1',
  onlineUrl: null,
  otherName: 'Atlas Industries',
  otherId: 9,
  status: 'scheduled',
};

async function show(locale: Locale, code: number) {
  mockApi(null, {
    'GET /api/public/b2b/forum-b2b-lyon/agenda': json(200, {
      eventTitle: 'Forum',
      published: true,
      meetings: [meeting],
    }),
    'GET /api/public/b2b/forum-b2b-lyon/feed-key': json(200, { feedKey: 'f'.repeat(48) }),
  });
  await activateLocale(locale);
  const link = { slug: 'forum-b2b-lyon', code, key: 'k'.repeat(48) };
  const prefix = { fr: '', en: '/en', ja: '/jp' }[locale];
  const router = createMemoryRouter([{ path: '*', element: <AgendaView link={link} /> }], {
    initialEntries: [`${prefix}/events-forum-b2b-lyon/b2b-${code}-key`],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe('the company’s agenda: whose clock its times are on', () => {
  it('names the event’s time zone and its offset beside each time, in Japanese', async () => {
    await show('ja', 51);
    expect(await screen.findByText(/13:30（中央ヨーロッパ時間、UTC\+2）$/)).toBeInTheDocument();
  });

  it('in English', async () => {
    await show('en', 52);
    expect(await screen.findByText(/1:30\sPM \(Central European Time, UTC\+2\)$/)).toBeInTheDocument();
  });
});
