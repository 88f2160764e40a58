import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/en.json';
import fr from '../../../../../locales/fr.json';
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
  consent: {
    at: '2027-03-01T10:00:00.000Z',
    locale: 'fr',
    wording: fr.forms.fields.privacyConsent.label,
    noticeUrl: 'https://salon.example/privacy',
    noticeVersion: '0123456789abcdef',
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
    'GET /api/events/3/registrations': json(200, {
      data: [row('pending')],
      page: 1,
      limit: 20,
      total: 1,
      erased: 0,
    }),
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
      en.privacy.consent.title,
      // the section the event's pages add beside the form's steps
      en.infoRequests.registration.heading,
    ]);
    // the consent recorded with it: when, the wording the visitor ticked in their language, the notice
    const consent = within(dialog).getByRole('region', { name: en.privacy.consent.title });
    expect(within(consent).getByText(/^Consent given on /).textContent).toContain('2027');
    expect(within(consent).getByText(fr.forms.fields.privacyConsent.label)).toBeTruthy();
    expect(within(consent).getByRole('link', { name: 'https://salon.example/privacy' })).toBeTruthy();
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

describe("a delegation's details and its members'", () => {
  const base = {
    eventId: 3,
    status: 'confirmed',
    locale: 'fr',
    createdAt: '2027-03-01T10:00:00.000Z',
    confirmedAt: '2027-03-02T10:00:00.000Z',
    files: [],
  };
  const delegation = {
    ...base,
    id: 50,
    kind: 'delegation',
    lastName: 'Burkina Faso',
    firstNames: '',
    email: 'chef@example.bf',
    data: { delegationName: 'Burkina Faso', country: 'BF', email: 'chef@example.bf', memberEmails: [] },
    delegationMembers: [{ id: 51, lastName: 'Ouédraogo', firstNames: 'Awa', status: 'pending' }],
  };
  const member = {
    ...base,
    id: 51,
    kind: 'delegation_member',
    lastName: 'Ouédraogo',
    firstNames: 'Awa',
    email: 'awa@example.bf',
    data: { lastName: 'Ouédraogo', firstNames: 'Awa', email: 'awa@example.bf' },
    delegation: { id: 50, name: 'Burkina Faso' },
  };

  it('names the members of a delegation and the delegation of a member, each opening the other', async () => {
    const user = userEvent.setup();
    mockApi(sessionOnEvent(), {
      'GET /api/events/3': json(200, fixtures.event()),
      'GET /api/organizations/1': json(200, fixtures.organization()),
      'GET /api/automation/enrolmentMetrics': metrics({ delegation: 1 }),
      'GET /api/automation/eventForms': json(200, { data: [] }),
      'GET /api/events/3/registrations': json(200, {
        data: [delegation],
        page: 1,
        limit: 20,
        total: 1,
        erased: 0,
      }),
      'GET /api/events/3/registrations/50': json(200, delegation),
      'GET /api/events/3/registrations/51': json(200, member),
    });
    renderApp('/en/events/delegates-3');
    await user.click(await screen.findByRole('button', { name: en.registrationsAdmin.open }));
    const dialog = await screen.findByRole('dialog');
    const section = await within(dialog).findByRole('region', {
      name: en.console.registrationDetail.delegation.title,
    });
    await user.click(
      within(section).getByRole('button', {
        name: en.console.registrationDetail.delegation.open.replace('{{name}}', 'Awa Ouédraogo'),
      }),
    );
    const back = await within(await screen.findByRole('dialog')).findByRole('button', {
      name: en.console.registrationDetail.delegation.open.replace('{{name}}', 'Burkina Faso'),
    });
    expect(back).toBeInTheDocument();
    expect(screen.getByText(en.console.registrationDetail.delegation.memberOf)).toBeInTheDocument();
  });
});
