import type { Mailing } from '@evt/contracts/mailings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const mailing = (over: Partial<Mailing>): Mailing => ({
  id: 1,
  eventId: 3,
  status: 'sent',
  audience: { kinds: [], statuses: ['confirmed'], profileTypes: [] },
  content: { fr: { subject: 'Bienvenue à {{event}}, {{firstName}}', body: 'Texte' } },
  sendAt: '2026-02-01T10:00:00.000Z',
  startedAt: '2026-02-01T10:00:00.000Z',
  createdAt: '2026-02-01T09:00:00.000Z',
  counts: { total: 3, queued: 0, sending: 0, sent: 2, failed: 1, unsubscribed: 0 },
  ...over,
});
const frenchEvent = { ...fixtures.event(), languages: ['fr' as const] };
const progressText = (done: number, total: number) =>
  en.mailings.progressText.replace('{{done}}', String(done)).replace('{{total}}', String(total));

describe('/events/mailings-{id}: the event’s mailings', () => {
  it('lists each mailing by its subject as read, with its progress written out after sending', async () => {
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, frenchEvent),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/events/3/mailings': json(200, {
        data: [
          mailing({}),
          mailing({ id: 2, status: 'scheduled', counts: { ...mailing({}).counts, total: 0 } }),
        ],
      }),
    });
    renderApp('/en/events/mailings-3');
    const table = await screen.findByRole('table', { name: en.mailings.listTitle });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(`Bienvenue à Paris Expo 2026, ${en.mailings.sample.firstName}`);
    expect(rows[1]).not.toHaveTextContent('{{');
    expect(rows[1]).toHaveTextContent(progressText(3, 3));
    expect(rows[2]).toHaveTextContent(en.mailings.progressWaiting);
  });

  it('asks for the event’s one language only, and saves a mailing written in it', async () => {
    const { calls } = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, frenchEvent),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/events/3/mailings': json(200, { data: [] }),
      'POST /api/events/3/mailings': (request) =>
        json(201, mailing({ status: 'draft', content: (request.body as Mailing).content })),
    });
    renderApp('/en/events/mailings-3');
    await userEvent.click(await screen.findByRole('button', { name: en.mailings.new }));
    const legend = (language: string) => en.mailings.content.legend.replace('{{language}}', language);
    expect(await screen.findByRole('group', { name: legend('French') })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: legend('English') })).toBeNull();
    expect(screen.queryByRole('group', { name: legend('Japanese') })).toBeNull();
    const french = screen.getByRole('group', { name: legend('French') });
    await userEvent.type(within(french).getByLabelText(en.mailings.content.subject), 'Bonjour');
    await userEvent.type(within(french).getByLabelText(en.mailings.content.body), 'Texte');
    await userEvent.click(screen.getByRole('button', { name: en.mailings.save }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/events/3/mailings')?.body).toEqual({
        audience: { kinds: [], statuses: ['confirmed'], profileTypes: [] },
        content: { fr: { subject: 'Bonjour', body: 'Texte' } },
      }),
    );
    // a language the event does not offer is one click away, for a registrant who read it
    await userEvent.click(
      screen.getByRole('button', { name: en.mailings.content.add.replace('{{language}}', 'English') }),
    );
    expect(screen.getByRole('group', { name: legend('English') })).toBeInTheDocument();
  });
});
