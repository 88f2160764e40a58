import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const item = (kind: string, at: string, extra: object = {}) => ({
  kind,
  at,
  actor: null,
  registration: null,
  names: [],
  count: null,
  exists: true,
  ...extra,
});
const ada = { id: 41, kind: 'participant', firstNames: 'Ada', lastName: 'Lovelace' };

function activityApi() {
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/events/3/tasks': json(200, { data: [] }),
    'GET /api/events/3/teams': json(200, { data: [] }),
    'GET /api/events/3/documents': json(200, { data: [] }),
    'GET /api/events/3/activity': json(200, {
      data: [
        item('b2b.published', '2026-03-09T10:00:00.000Z', { count: 12 }),
        item('b2b.requested', '2026-03-08T10:00:00.000Z', { names: ['Acme', 'Globex'] }),
        item('mailing.sent', '2026-03-07T10:00:00.000Z', {
          actor: 'Olga Owner',
          names: ['Welcome'],
          count: 2,
        }),
        item('registration.deleted', '2026-03-06T10:00:00.000Z', { actor: 'Olga Owner', exists: false }),
        item('registration.cancelled', '2026-03-05T10:00:00.000Z', {
          actor: 'Olga Owner',
          registration: ada,
        }),
        item('registration.created', '2026-03-04T10:00:00.000Z', { registration: ada }),
        item('document.deleted', '2026-03-03T10:00:00.000Z', {
          actor: 'Olga Owner',
          names: ['Floor plan.pdf'],
          exists: false,
        }),
      ],
    }),
  });
}

describe('the activity page', () => {
  it('lists registrations, mailings, B2B and deletions with their time, author and link', async () => {
    activityApi();
    renderApp('/en/activities-3');
    const timeline = await screen.findByRole('list', { name: en.console.activities.title });
    const lines = within(timeline).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringContaining('B2B programme published: 12 meetings'),
      expect.stringContaining('B2B meeting request: Acme → Globex'),
      expect.stringContaining('Mailing sent to 2 recipients: Welcome (by Olga Owner)'),
      expect.stringContaining('A registration was deleted (by Olga Owner)'),
      expect.stringContaining('Registration cancelled: Ada Lovelace (by Olga Owner)'),
      expect.stringContaining('New registration: Ada Lovelace'),
      expect.stringContaining('Document deleted: Floor plan.pdf (by Olga Owner)'),
    ]);
    // each with its date and time in the reader's language
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-03-04T10:00:00.000Z'),
    );
    expect(lines[5]?.querySelector('time')?.textContent).toBe(when);
    // linked while the item exists: the person in their list, the mailings, the B2B programme
    expect(screen.getByRole('link', { name: 'New registration: Ada Lovelace' })).toHaveAttribute(
      'href',
      '/en/events/participants-3?q=Ada+Lovelace',
    );
    expect(screen.getByRole('link', { name: /^Mailing sent/ })).toHaveAttribute(
      'href',
      '/en/events/mailings-3',
    );
    expect(screen.getByRole('link', { name: /^B2B meeting request/ })).toHaveAttribute(
      'href',
      '/en/events/b2b-3',
    );
    expect(screen.queryByRole('link', { name: /deleted/ })).toBeNull();
  });
});
