import type { CheckedInPerson } from '@evt/contracts/checkin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../locales/en.json';
import ja from '../../../../../locales/ja.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const yui = (status: CheckedInPerson['status']): CheckedInPerson => ({
  registrationId: 41,
  lastName: 'Sato',
  firstNames: 'Yui',
  organisation: 'Kaisha',
  role: 'participant',
  status,
  checkedInAt: null,
  checkedInBy: null,
  desk: null,
});
const fill = (text: string, name: string) => text.replace('{{name}}', name);

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:badge', revokeObjectURL: () => {} }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function desk() {
  let person = yui('pending');
  const api = mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/events/3/checkins/search': () => json(200, { data: [person] }),
    'POST /api/events/3/registrations/41/confirm': () => {
      person = yui('confirmed');
      return json(200, {
        id: 41,
        eventId: 3,
        kind: 'participant',
        status: 'confirmed',
        lastName: 'Sato',
        firstNames: 'Yui',
        email: 'yui@example.jp',
        locale: 'ja',
        createdAt: '2027-03-01T10:00:00.000Z',
        confirmedAt: '2027-03-02T10:00:00.000Z',
        data: {},
        files: [],
      });
    },
    'GET /api/events/3/badges.pdf': () =>
      new Response('%PDF-1.7\n%badge 1/1\n%%EOF', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'x-badge-total': '1' },
      }),
  });
  return api;
}

describe('/events/checkin-{id}: the desk confirms a kiosk registrant and prints their badge', () => {
  it('finds someone not confirmed by e-mail, confirms them and offers their badge, then checks them in', async () => {
    const { calls } = desk();
    renderApp('/en/events/checkin-3');
    await userEvent.type(await screen.findByLabelText(en.checkin.search), 'sato');
    await userEvent.click(screen.getByRole('button', { name: en.checkin.searchSubmit }));
    expect(await screen.findByText(en.checkin.desk.pending)).toBeInTheDocument();
    // no check-in before the confirmation: the door would refuse it
    expect(screen.queryByRole('button', { name: fill(en.checkin.checkInButton, 'Yui Sato') })).toBeNull();
    await userEvent.click(
      screen.getByRole('button', { name: fill(en.checkin.desk.confirmPrint, 'Yui Sato') }),
    );
    const badge = await screen.findByRole('link', { name: fill(en.checkin.desk.openBadge, 'Yui Sato') });
    expect(badge).toHaveAttribute('href', 'blob:badge');
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/events/3/registrations/41/confirm'),
    ).toBe(true);
    expect(calls.find((c) => c.path === '/api/events/3/badges.pdf')).toBeTruthy();
    // confirmed: the search now offers the check-in, the badge stays offered
    expect(
      await screen.findByRole('button', { name: fill(en.checkin.checkInButton, 'Yui Sato') }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: fill(en.checkin.desk.openBadge, 'Yui Sato') }),
    ).toBeInTheDocument();
  });

  it('writes the family name first on a Japanese page', async () => {
    desk();
    renderApp('/jp/events/checkin-3');
    await userEvent.type(await screen.findByLabelText(ja.checkin.search), 'sato');
    await userEvent.click(screen.getByRole('button', { name: ja.checkin.searchSubmit }));
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: fill(ja.checkin.desk.confirmPrint, 'Sato Yui') }),
      ).toBeInTheDocument(),
    );
  });
});
