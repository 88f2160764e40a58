import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import { metrics, sessionOnEvent } from '../../../test/console-fixtures';
import { fixtures, json, mockApi, renderApp } from '../../../test/render-app';

const row = (status: 'pending' | 'confirmed') => ({
  id: 41,
  eventId: 3,
  kind: 'participant',
  status,
  lastName: 'Koné',
  firstNames: 'Awa',
  email: 'awa@example.org',
  locale: 'fr',
  createdAt: '2027-03-01T10:00:00.000Z',
  confirmedAt: status === 'confirmed' ? '2027-03-02T10:00:00.000Z' : null,
  data: {
    // stored in another order than the form's: the page follows the form
    sector: 'agriculture_agroindustry',
    lastName: 'Koné',
    firstNames: 'Awa',
    email: 'awa@example.org',
    dialCode: '+225',
    phone: '0102030405',
    countryOfResidence: 'FR',
    occupation: 'Agronome',
    participantType: 'company',
    organizationName: 'Agro SA',
    motivation: '',
    b2bInterest: true,
    telegramNotifications: false,
  },
  files: [],
});

function api() {
  let status: 'pending' | 'confirmed' = 'pending';
  return mockApi(sessionOnEvent(), {
    'GET /api/events/3': json(200, fixtures.event()),
    'GET /api/organizations/1': json(200, fixtures.organization()),
    'GET /api/automation/enrolmentMetrics': metrics({ participant: 1 }),
    'GET /api/automation/eventForms': json(200, { data: [] }),
    'GET /api/events/3/registrations': json(200, { data: [row('pending')], page: 1, limit: 20, total: 1 }),
    'GET /api/events/3/registrations/41': () => json(200, row(status)),
    'POST /api/events/3/registrations/41/confirm': () => {
      status = 'confirmed';
      return json(200, row(status));
    },
  });
}

describe("a registration's details", () => {
  it('shows labels, not codes, in the order and steps of the form, and confirms it by hand', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderApp('/en/events/participants-3');
    await user.click(await screen.findByRole('button', { name: en.registrationsAdmin.open }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: en.forms.steps.personal });
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual([
      en.console.registrationDetail.general,
      en.forms.steps.personal,
      en.forms.steps.professional,
      en.forms.steps.preferences,
      // the section the event's pages add beside the form's steps
      en.infoRequests.registration.heading,
    ]);
    const personal = within(dialog).getByRole('region', { name: en.forms.steps.personal });
    const terms = within(personal)
      .getAllByRole('term')
      .map((dt) => dt.textContent);
    expect(terms).toEqual(
      ['lastName', 'firstNames', 'email', 'phone', 'countryOfResidence'].map(
        (f) => en.forms.fields[f as 'phone'].label,
      ),
    );
    const text = dialog.textContent ?? '';
    expect(text).toContain('+225 0102030405');
    expect(text).toContain('France');
    expect(text).toContain(en.enums.sectors.agriculture_agroindustry);
    expect(text).toContain(en.enums.participantTypes.company);
    expect(text).toContain('French');
    for (const code of ['agriculture_agroindustry', 'company', 'FR'])
      expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));

    await user.click(within(dialog).getByRole('button', { name: en.console.registrationDetail.confirm }));
    expect(await within(dialog).findByText(en.console.registrationDetail.confirmed)).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/41/confirm'))).toBe(true),
    );
    expect(within(dialog).getByText(en.enums.registrationStatuses.confirmed)).toBeInTheDocument();
  }, 20_000);

  it('deletes a registration only after the shared confirmation, and Cancel gives the focus back', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderApp('/en/events/participants-3');
    await user.click(await screen.findByRole('button', { name: en.registrationsAdmin.open }));
    const dialog = await screen.findByRole('dialog');
    const trigger = await within(dialog).findByRole('button', { name: en.console.registrationDetail.delete });
    await user.click(trigger);
    const ask = await screen.findByRole('alertdialog', {
      name: en.registrationsAdmin.delete.title.replace('{{name}}', 'Awa Koné'),
    });
    expect(within(ask).getByRole('button', { name: en.common.cancel })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: en.common.cancel }));
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  }, 20_000);
});
