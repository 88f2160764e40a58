import { PERMISSIONS } from '@evt/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../locales/en.json';
import { form, sessionOnEvent, metrics } from '../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../test/render-app';

/** the event has participant, exhibitor and B2B forms; its speakers' form was removed, not their registration */
function api() {
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({
      participant: 5,
      'participant-fipdc': 2,
      exposant: 3,
      panelist: 1,
    }),
    'GET /api/automation/eventForms': json(200, {
      data: [form(1, 'participant', 'Visiteurs'), form(2, 'exposant', 'Exposants'), form(3, 'b2b', 'B2B')],
    }),
  });
}

const nav = () => screen.getByRole('navigation', { name: en.console.eventNav.label });

describe('event navigation', () => {
  it('links every event page, grouped, with the registrations per role', async () => {
    api();
    renderApp('/en/events/forms-3');
    await screen.findByRole('navigation', { name: en.console.eventNav.label });
    const groups = within(nav())
      .getAllByRole('list')
      .map((list) => list.getAttribute('aria-labelledby'));
    expect(groups).toEqual([
      'event-nav-overview',
      'event-nav-registrations',
      'event-nav-b2b',
      'event-nav-settings',
      'event-nav-team',
      'event-nav-eventDay',
    ]);
    const eventDay = within(nav()).getByRole('list', { name: en.badges.nav.group });
    // the links that need a permission show once the caller's permissions are read
    await within(eventDay).findByRole('link', { name: en.badges.nav.checkin });
    expect(
      within(eventDay)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/en/events/planning-3',
      '/en/events/badges-3',
      '/en/events/testpdf-3',
      '/en/events/genbadge-3',
      '/en/events/leads-3',
      '/en/events/checkin-3',
    ]);
    // both meeting pages, Meet and Zoom, for those who manage meetings
    const team = within(nav()).getByRole('list', { name: en.console.eventNav.groups.team });
    await within(team).findByRole('link', { name: en.meetings.nav.zoom });
    expect(
      within(team)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/en/events/commission-3', '/en/events/meetings-3', '/en/events/meetings1-3']);
    const registrations = within(nav()).getByRole('list', { name: en.console.eventNav.groups.registrations });
    // only the roles the event has a form for, or registrations of: not the six others
    await waitFor(() =>
      expect(
        within(registrations)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual([
        '/en/events/participants-3',
        '/en/events/exposants-3',
        '/en/events/intervenants-3',
        '/en/events/b2b_companies-3',
      ]),
    );
    // participants gathers several forms' slugs; the count is read out as a sentence
    expect(
      await within(registrations).findByRole('link', {
        name: `${en.registrationsAdmin.pages.participants} 7 registrations`,
      }),
    ).toBeInTheDocument();
    const settings = within(nav()).getByRole('list', { name: en.console.eventNav.groups.settings });
    expect(within(settings).getByRole('link', { name: en.console.eventNav.infos })).toHaveAttribute(
      'href',
      '/en/events/infos-3',
    );
  }, 20_000);

  it('marks the page shown with aria-current and follows a link', async () => {
    api();
    const { router } = renderApp('/en/events/forms-3');
    const forms = await within(
      await screen.findByRole('navigation', { name: en.console.eventNav.label }),
    ).findByRole('link', { name: en.console.eventNav.forms });
    expect(forms).toHaveAttribute('aria-current', 'page');
    const dashboard = within(nav()).getByRole('link', { name: en.console.eventNav.dashboard });
    expect(dashboard).not.toHaveAttribute('aria-current');
    await userEvent.click(dashboard);
    // the dashboard's chunk loads first (slow in jsdom); its page draws a new navigation
    await waitFor(
      () =>
        expect(within(nav()).getByRole('link', { name: en.console.eventNav.dashboard })).toHaveAttribute(
          'aria-current',
          'page',
        ),
      { timeout: 20_000 },
    );
    expect(router.state.location.pathname).toBe('/en/events/dashboard-3');
    expect(within(nav()).getByRole('link', { name: en.console.eventNav.forms })).not.toHaveAttribute(
      'aria-current',
    );
  }, 40_000);

  it('holds the rows of the permission-gated links while the permissions load, then keeps or frees them', async () => {
    for (const granted of [[...PERMISSIONS], ['checkin:scan']]) {
      const { fetchMock } = api();
      const answer = fetchMock.getMockImplementation();
      let release = () => {};
      const permissionsRead = new Promise<void>((resolve) => {
        release = resolve;
      });
      fetchMock.mockImplementation(async (input, init) => {
        if (new URL(String(input), 'http://localhost').pathname === '/api/events/3/permissions') {
          await permissionsRead;
          return json(200, { eventId: 3, organizationId: 1, memberType: 'member', permissions: granted });
        }
        return answer?.(input, init) as Promise<Response>;
      });
      const { unmount } = renderApp('/en/events/forms-3');
      const eventDay = within(
        await screen.findByRole('navigation', { name: en.console.eventNav.label }),
      ).getByRole('list', { name: en.badges.nav.group });
      // unknown yet: planning is a link, the badge, leads and check-in pages wait in rows of their own
      const rows = () => eventDay.querySelectorAll(':scope > li');
      expect(rows()).toHaveLength(6);
      expect(within(eventDay).getAllByRole('link')).toHaveLength(1);
      expect(eventDay.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(5);
      release();
      await within(eventDay).findByRole('link', { name: en.badges.nav.checkin });
      // granted links fill their rows in place; a refused one gives its row back
      expect(rows()).toHaveLength(granted.length > 1 ? 6 : 2);
      expect(eventDay.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(0);
      expect(within(eventDay).getAllByRole('link').at(-1)).toHaveAttribute('href', '/en/events/checkin-3');
      // the meeting pages, Zoom's too, need the right to manage meetings
      const team = within(nav()).getByRole('list', { name: en.console.eventNav.groups.team });
      expect(within(team).queryAllByRole('link', { name: /meetings/ })).toHaveLength(
        granted.length > 1 ? 2 : 0,
      );
      unmount();
    }
  }, 30_000);
});

describe('event navigation on a narrow screen', () => {
  it('folds behind a disclosure button that Escape and a followed link close', async () => {
    const user = userEvent.setup();
    api();
    renderApp('/en/events/forms-3');
    const toggle = await within(
      await screen.findByRole('navigation', { name: en.console.eventNav.label }),
    ).findByRole('button', { name: en.console.eventNav.toggle });
    const groups = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(groups).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Escape from inside the menu closes it and gives the focus back to the button
    await user.tab();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(nav()).getByRole('link', { name: en.console.eventNav.activities }));
    // the page followed shows itself, the menu folded (the same menu, or the new page's)
    await waitFor(() =>
      expect(
        within(nav()).getByRole('link', { name: en.console.eventNav.activities, current: 'page' }),
      ).toBeInTheDocument(),
    );
    expect(within(nav()).getByRole('button', { name: en.console.eventNav.toggle })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  }, 60_000);
});
