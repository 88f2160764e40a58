import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const AT = '2026-03-04T15:30:00.000Z';
const line = (id: number, action: string, details: object) => ({
  id,
  at: AT,
  action,
  eventId: 3,
  eventName: 'Salon 2027',
  actor: { id: 1, name: 'Olga Owner' },
  details,
});

const rights = {
  memberTypes: [],
  members: [
    {
      userId: 8,
      firstName: 'Sam',
      lastName: 'Steward',
      email: 'sam@example.org',
      memberType: 'member',
      permissions: [],
      custom: false,
    },
  ],
};

describe('the event audit log', () => {
  it('is in the event menu, dates each line with its time and says for whom rights changed', async () => {
    const api = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/events/3/audit': json(200, {
        data: [
          line(3, 'rights.changed', { member: 'sam@example.org', memberName: 'Sam Steward' }),
          line(2, 'rights.changed', { memberType: 'admin', permissions: null }),
          line(1, 'mailing.sent', { mailingId: 4 }),
          line(0, 'task.deleted', { name: 'Book the shuttles' }),
        ],
        page: 1,
        limit: 50,
        total: 4,
      }),
    });
    renderApp('/en/events/dashboard-3');
    const menu = await screen.findByRole('navigation', { name: en.console.eventNav.label });
    const link = await within(menu).findByRole('link', { name: en.rights.audit.title });
    expect(link).toHaveAttribute('href', '/en/events/audit-3');
    fireEvent.click(link);

    const table = await screen.findByRole('table', { name: en.rights.audit.title });
    await within(table).findByRole('cell', { name: 'Authorisations of Sam Steward changed' });
    within(table).getByRole('cell', { name: 'Authorisations of the “Administrator” member type changed' });
    within(table).getByRole('cell', { name: en.rights.audit.actions.mailingSent });
    // a deletion says what was deleted, under the name it had
    within(table).getByRole('cell', { name: 'Task “Book the shuttles” deleted' });
    // the date and the time of day, in English (the hour depends on the reader's zone)
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(AT),
    );
    expect(within(table).getAllByRole('cell', { name: when })).toHaveLength(4);
    // one event's lines, never the organisation's
    expect(api.calls.some((call) => call.path === '/api/organizations/1/audit')).toBe(false);
  });

  it('says whose role was saved, in a status line', async () => {
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/events/3/rights': json(200, rights),
      'PUT /api/events/3/rights/members/8': new Response(null, { status: 204 }),
    });
    renderApp('/en/events/rights-3');
    const role = await screen.findByRole('combobox', { name: /Sam Steward/ });
    const status = screen.getAllByRole('status').find((el) => el.textContent === '');
    expect(status).toBeDefined();
    fireEvent.change(role, { target: { value: 'readOnly' } });
    await waitFor(() =>
      expect(screen.getByText('Role of Sam Steward saved.')).toHaveAttribute('role', 'status'),
    );
    expect(screen.getByRole('link', { name: en.rights.audit.link })).toHaveAttribute(
      'href',
      '/en/events/audit-3',
    );
  });
});
