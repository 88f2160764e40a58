import type { Meeting } from '@evt/contracts/meetings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const future = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

const stored = (over: Partial<Meeting>): Meeting => ({
  id: 5,
  eventId: 3,
  platform: 'google_meet',
  title: 'Kick-off',
  url: null,
  joinUrl: null,
  date: future,
  time: '10:30',
  duration: 45,
  host: 'ada@example.org',
  description: '',
  startTime: `${future}T08:30:00.000Z`,
  endTime: `${future}T09:15:00.000Z`,
  participants: ['ana@example.org', 'ada@example.org'],
  googleEventId: 'm0123456789abcdef01234567',
  googleCalendarLink: null,
  conferenceStatus: 'pending',
  zoomMeetingId: null,
  googleOwnerId: 1,
  googleAccountId: '123',
  googleAccountEmail: 'ada@gmail.example',
  requestKey: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  ...over,
});

const ready = {
  url: 'https://meet.google.com/abc-defg-hij',
  joinUrl: 'https://meet.google.com/abc-defg-hij',
  googleCalendarLink: 'https://calendar.google.com/event?eid=x',
  conferenceStatus: 'success' as const,
};

/**
 * The page as the upstream keeps it: a Meet meeting created a moment ago (its conference still pending,
 * so the page polls it), then edited. The list must show what the server holds after each step.
 */
function api() {
  let current = stored({});
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/google/connection': json(200, { status: 'connected', email: 'ada@gmail.example', demo: true }),
    'GET /api/events/3/meetings': () => json(200, { data: [current] }),
    'GET /api/events/3/meetings/5': () => {
      current = { ...current, ...ready };
      return json(200, current);
    },
    'PUT /api/events/3/meetings/5': ({ body }) => {
      current = { ...current, title: (body as { title: string }).title };
      return json(200, current);
    },
  });
}

/** Fills the creation form with a Kick-off next week and sends it. */
async function createKickOff(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  const field = (label: string) => within(form).getByLabelText(label, { exact: false });
  await user.type(field(en.meetings.form.title), 'Kick-off');
  await user.type(field(en.meetings.form.date), future);
  await user.type(field(en.meetings.form.time), '10:30');
  await user.type(field(en.meetings.form.participants), 'ana@example.org');
  await user.click(within(form).getByRole('button', { name: en.meetings.form.create }));
}

describe('the Google Meet meetings page', () => {
  it('shows the new title after a meeting whose Meet link was polled is edited', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/en/events/meetings-3');
    const list = await screen.findByRole('list', { name: en.meetings.list.heading });
    // the poll brought the Meet link
    await within(list).findByRole('link', { name: en.meetings.list.joinMeet });
    await user.click(
      within(list).getByRole('button', { name: en.meetings.list.edit.replace('{{title}}', 'Kick-off') }),
    );
    const form = screen.getByRole('form', { name: en.meetings.form.editTitle });
    const title = within(form).getByLabelText(en.meetings.form.title, { exact: false });
    await user.clear(title);
    await user.type(title, 'Kick-off, moved');
    await user.click(within(form).getByRole('button', { name: en.meetings.form.save }));
    await waitFor(() =>
      expect(within(list).getByRole('heading', { level: 3 })).toHaveTextContent('Kick-off, moved'),
    );
    // and it stays so: no older copy of the meeting comes back
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(within(list).getByRole('heading', { level: 3 })).toHaveTextContent('Kick-off, moved');
    expect(within(list).getByRole('link', { name: en.meetings.list.joinMeet })).toHaveAttribute(
      'href',
      ready.joinUrl,
    );
  }, 30_000);

  it('retries a create with the same request key, and says why it failed in words', async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    let current: Meeting | null = null;
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/google/connection': json(200, {
        status: 'connected',
        email: 'ada@gmail.example',
        demo: true,
      }),
      'GET /api/events/3/meetings': () => json(200, { data: current ? [current] : [] }),
      'POST /api/events/3/meetings': ({ body }) => {
        keys.push((body as { requestKey: string }).requestKey);
        if (keys.length === 1) {
          return json(504, {
            error: {
              code: 'calendar.errors.createFailed',
              message: 'x',
              details: { reason: 'timeout' },
            },
          });
        }
        current = stored({ ...ready, title: 'Kick-off' });
        return json(201, current);
      },
    });
    renderApp('/en/events/meetings-3');
    const form = await screen.findByRole('form', { name: en.meetings.form.createTitle });
    await createKickOff(user, form);
    const alert = await within(form).findByText(
      en.calendar.errors.createFailed.replace('{{detail}}', en.calendar.reasons.timeout),
    );
    expect(alert.textContent).not.toContain('{{');
    await user.click(within(form).getByRole('button', { name: en.meetings.form.create }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  }, 30_000);
});

describe('a Meet meeting asked for without a Google connection', () => {
  it('says what to do and links to the consent flow, back to this page, instead of "User not signed in"', async () => {
    const user = userEvent.setup();
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/google/connection': json(200, { status: 'none', email: null, demo: false }),
      'GET /api/events/3/meetings': json(200, { data: [] }),
      'POST /api/events/3/meetings': json(409, {
        error: { code: 'calendar.errors.notConnected', message: 'x' },
      }),
    });
    renderApp('/en/events/meetings-3');
    const form = await screen.findByRole('form', { name: en.meetings.form.createTitle });
    await createKickOff(user, form);
    const alert = await within(form).findByText(en.meetings.connection.needed, { exact: false });
    expect(alert.textContent).not.toContain(en.calendar.errors.notConnected);
    expect(within(form).getByRole('link', { name: en.meetings.connection.connect })).toHaveAttribute(
      'href',
      `/api/google/connect?returnTo=${encodeURIComponent('/en/events/meetings-3')}`,
    );
  }, 30_000);
});

describe("a meeting on a colleague's Google Calendar", () => {
  it('names the colleague, read with the names of every owner on the page in one call', async () => {
    const { calls } = mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/google/connection': json(200, {
        status: 'connected',
        email: 'ada@gmail.example',
        demo: true,
      }),
      'GET /api/events/3/meetings': json(200, {
        data: [
          stored({ ...ready, googleOwnerId: 77 }),
          stored({ ...ready, id: 6, title: 'Wrap-up', googleOwnerId: 77 }),
          stored({ ...ready, id: 7, title: 'Mine', googleOwnerId: 7 }),
        ],
      }),
      'GET /api/organizations/1/member-names': json(200, {
        data: [{ userId: 77, firstName: 'Grace', lastName: 'Hopper' }],
      }),
    });
    renderApp('/en/events/meetings-3');
    const list = await screen.findByRole('list', { name: en.meetings.list.heading });
    const named = en.meetings.list.calendarOf.replace(
      '{{name}}',
      en.common.fullName.replace('{{first}}', 'Grace').replace('{{last}}', 'Hopper'),
    );
    expect(await within(list).findAllByText(named)).toHaveLength(2);
    expect(calls.filter((call) => call.path === '/api/organizations/1/member-names')).toHaveLength(1);
  });
});
