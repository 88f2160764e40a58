import { ROLE_PRESETS } from '@evt/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import { form, metrics, sessionOnEvent } from '../test/console-fixtures';
import { fixtures, json, mockApi } from '../test/render-app';
import { renderApp } from '../test/render-app';

/** A steward with the read-only preset in event 3. */
function readOnlyMember() {
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType: 'member' }),
    'GET /api/events/3/permissions': json(200, {
      eventId: 3,
      organizationId: 1,
      memberType: 'member',
      permissions: [...ROLE_PRESETS.readOnly],
    }),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 4 }),
    'GET /api/automation/eventForms': json(200, { data: [form(11, 'participant', 'Visitors', true, 4)] }),
    'GET /api/events/3/documents': json(200, { data: [] }),
    'GET /api/events/3/mailings': json(200, { data: [] }),
  });
}

const reason = (permission: keyof typeof en.rights.permissions) =>
  en.rights.missing.replace('{{permission}}', en.rights.permissions[permission]);

/** The button, disabled, and described by the permission it needs (what the BFF would refuse). */
async function expectDisabledFor(name: string, permission: keyof typeof en.rights.permissions) {
  const button = await screen.findByRole('button', { name });
  // disabled while the permissions load too: the reason says they are known
  await waitFor(() =>
    expect(button).toHaveAccessibleDescription(expect.stringContaining(reason(permission))),
  );
  expect(button).toBeDisabled();
}

describe('a read-only member sees what they may not do, and why', () => {
  it('cannot save the event, publish, close or archive it: each says the right it needs', async () => {
    readOnlyMember();
    renderApp('/en/events/infos-3');
    await expectDisabledFor(en.console.eventInfo.submit, 'event:settings');
    await expectDisabledFor(en.console.eventLifecycle.closeRegistrations, 'event:settings');
    await expectDisabledFor(en.console.eventLifecycle.archive, 'event:settings');
  });

  it('cannot rename or close a form', async () => {
    readOnlyMember();
    renderApp('/en/events/forms-3');
    const item = await screen.findByRole('listitem', { name: 'Visitors' });
    const rename = within(item).getByRole('button', { name: en.console.eventForms.rename });
    await waitFor(() =>
      expect(rename).toHaveAccessibleDescription(expect.stringContaining(reason('event:settings'))),
    );
    expect(rename).toBeDisabled();
    expect(within(item).getByRole('button', { name: en.console.eventForms.close })).toBeDisabled();
  });

  it('cannot start a mailing', async () => {
    readOnlyMember();
    renderApp('/en/events/mailings-3');
    await expectDisabledFor(en.mailings.new, 'mailings:send');
  });

  it('an owner keeps every action', async () => {
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/events/3/mailings': json(200, { data: [] }),
    });
    renderApp('/en/events/mailings-3');
    const button = await screen.findByRole('button', { name: en.mailings.new });
    await expect.poll(() => button.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText(reason('mailings:send'))).toBeNull();
  });

  it('sees "new event" disabled, with the organisation right it needs, and a member with it sees the link', async () => {
    const organizationRights = (permissions: string[]) =>
      mockApi(sessionOnEvent(), {
        'GET /api/organizations/1': json(200, { ...fixtures.organization(), memberType: 'member' }),
        'GET /api/organizations/1/events': json(200, { data: [], page: 1, limit: 100, total: 0 }),
        'GET /api/organizations/1/permissions': json(200, { organizationId: 1, permissions }),
      });
    organizationRights([...ROLE_PRESETS.readOnly]);
    const view = renderApp('/en/events');
    const button = await screen.findByRole('button', { name: en.console.addEvent.title });
    const note = en.rights.missingOrganization.replace(
      '{{permission}}',
      en.rights.permissions['events:create'],
    );
    await waitFor(() => expect(button).toHaveAccessibleDescription(note));
    expect(button).toBeDisabled();
    expect(screen.queryByRole('link', { name: en.console.addEvent.title })).toBeNull();
    view.unmount();

    organizationRights([...ROLE_PRESETS.readOnly, 'events:create']);
    renderApp('/en/events');
    expect(await screen.findByRole('link', { name: en.console.addEvent.title })).toHaveAttribute(
      'href',
      '/en/events/add-1',
    );
  });
});
