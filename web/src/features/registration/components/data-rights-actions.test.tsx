import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { savedDownloads } from '../../../test/downloads';
import { errorResponse, fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const person = {
  id: 41,
  eventId: 3,
  kind: 'participant',
  status: 'confirmed',
  lastName: 'Koné',
  firstNames: 'Awa',
  email: 'awa@example.org',
  locale: 'fr',
  createdAt: '2027-03-01T10:00:00.000Z',
  confirmedAt: '2027-03-02T10:00:00.000Z',
  data: { lastName: 'Koné', firstNames: 'Awa', email: 'awa@example.org' },
  files: [],
};
const erased = { ...person, lastName: '', firstNames: '', email: 'erased-41@erased.invalid', data: {} };

const zip = () =>
  new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="registration-41.zip"',
    },
  });

function api(exported: () => Response = zip) {
  let current: Omit<typeof person, 'data'> & { data: Record<string, string> } = person;
  return mockApi(sessionOnEvent(), {
    'POST /api/events/3/registrations/41/personal-data/export': exported,
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 1 }),
    'GET /api/automation/eventForms': json(200, { data: [] }),
    'GET /api/events/3/registrations': json(200, { data: [person], page: 1, limit: 20, total: 1, erased: 0 }),
    'GET /api/events/3/registrations/41': () => json(200, current),
    'DELETE /api/events/3/registrations/41/personal-data': () => {
      current = erased;
      return json(200, erased);
    },
  });
}

describe("a person's data rights on their registration", () => {
  it('exports with a POST saved as a download, and erases only once "I understand" is ticked', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const saved = savedDownloads();
    renderApp('/en/events/participants-3');
    await user.click(await screen.findByRole('button', { name: en.registrationsAdmin.open }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: en.dataRights.export }));
    await waitFor(() => expect(saved).toEqual(['registration-41.zip']));
    // the export writes an audit line: a POST, with the CSRF header every write carries
    const exported = calls.filter((c) => c.path.endsWith('/personal-data/export'));
    expect(exported.map((c) => c.method)).toEqual(['POST']);
    expect(exported[0]?.headers.get('x-requested-with')).toBe('evt-spa');
    const rights = within(dialog).getByRole('region', { name: en.dataRights.title });
    expect(within(rights).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: en.dataRights.erase }));
    const ask = await screen.findByRole('alertdialog', {
      name: en.dataRights.eraseTitle.replace('{{name}}', 'Awa Koné'),
    });
    const confirm = within(ask).getByRole('button', { name: en.dataRights.eraseConfirm });
    expect(confirm).toBeDisabled();
    await user.click(
      within(ask).getByRole('checkbox', { name: en.dataRights.understand.replace('{{name}}', 'Awa Koné') }),
    );
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/events/3/registrations/41/personal-data',
    ]);
    expect(await screen.findByText(en.dataRights.erasedNotice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.dataRights.erase })).not.toBeInTheDocument();
  }, 20_000);

  it('says why an export failed, and saves nothing', async () => {
    const user = userEvent.setup();
    api(() => errorResponse(403, 'errors.forbidden'));
    const saved = savedDownloads();
    renderApp('/en/events/participants-3');
    await user.click(await screen.findByRole('button', { name: en.registrationsAdmin.open }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: en.dataRights.export }));
    const rights = within(dialog).getByRole('region', { name: en.dataRights.title });
    const alert = await within(rights).findByRole('alert');
    expect(alert).toHaveTextContent(en.dataRights.exportFailed);
    expect(alert).toHaveTextContent(en.errors.forbidden);
    expect(within(rights).getByRole('button', { name: en.dataRights.export })).toBeEnabled();
    expect(saved).toEqual([]);
  }, 20_000);

  it('reopening the dialog asks again', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderApp('/en/events/participants-3');
    await user.click(await screen.findByRole('button', { name: en.registrationsAdmin.open }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: en.dataRights.erase }));
    let ask = await screen.findByRole('alertdialog');
    await user.click(within(ask).getByRole('checkbox'));
    await user.click(within(ask).getByRole('button', { name: en.common.cancel }));
    await user.click(within(dialog).getByRole('button', { name: en.dataRights.erase }));
    ask = await screen.findByRole('alertdialog');
    expect(within(ask).getByRole('checkbox')).not.toBeChecked();
    expect(within(ask).getByRole('button', { name: en.dataRights.eraseConfirm })).toBeDisabled();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  }, 20_000);
});
