import { randomBytes } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@evt/contracts/http';
import { LOCALE_PREFIX, type Locale } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { api } from './support/console-api';
import { selectFirstOrganization } from './support/console';
import { signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { setEventForms } from './support/forms';
import { mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');
const registrant = `rights-${run}@example.org`;

/** One participant of sii-2027 whose address the steward must not see; answers the event's id. */
async function registerParticipant(): Promise<number> {
  const forms = (await (await fetch(`${suite.baseUrl}/api/public/events/sii-2027/forms`)).json()) as {
    event: { id: number };
  };
  const res = await fetch(`${suite.baseUrl}/api/public/events/sii-2027/registrations/participant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: JSON.stringify({
      locale: 'fr',
      data: {
        lastName: `Masked${run}`,
        firstNames: 'Awa',
        email: registrant,
        dialCode: '+225',
        phone: '0102030405',
        countryOfResidence: 'CI',
        occupation: 'Steward test',
        participantType: 'individual',
        sector: 'agriculture_agroindustry',
        telegramNotifications: false,
        privacyConsent: true,
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return forms.event.id;
}

const prefixed = (locale: Locale, path: string) => `${LOCALE_PREFIX[locale]}${path}`;

describe('rights: a steward with the read-only role', () => {
  it('sees registrations with contact data masked and no export, in fr, en and ja', async () => {
    await setEventForms(suite.baseUrl, 'sii-2027', [{ kind: 'participant', open: true }]);
    const eventId = await registerParticipant();

    // the owner invites a member; the member creates their account from the mailed link
    const owner = await suite.open('fr-FR');
    await signIn(owner.page, 'fr');
    const orgId = await selectFirstOrganization(owner.page);
    const email = `steward-${run}@example.org`;
    await api(owner.page, 'POST', `/api/organizations/${orgId}/members/invite`, {
      email,
      memberTypeId: 3,
      locale: 'en',
    });
    const link = new URL(await mailedLink(suite.baseUrl, email, (href) => href.includes('invite?code=')));
    const steward = await suite.open('en-GB');
    await steward.page.goto(link.pathname + link.search);
    const register = steward.page.getByRole('form', {
      name: exact(t('en', 'console.acceptInvite.registerTitle')),
    });
    await register.getByLabel(exact(t('en', 'auth.fields.firstName'))).fill('Sam');
    await register.getByLabel(exact(t('en', 'auth.fields.lastName'))).fill(`Steward${run}`);
    await register.getByLabel(exact(t('en', 'auth.fields.password'))).fill('Steward-password-2026!');
    await register.getByLabel(exact(t('en', 'auth.fields.confirmPassword'))).fill('Steward-password-2026!');
    await register.getByRole('button', { name: exact(t('en', 'console.acceptInvite.register')) }).click();
    await waitForPath(steward.page, '/en/home');

    // as a plain member they may export by default
    await steward.page.goto(`/en/events/participants-${eventId}`);
    await steward.page.getByRole('cell', { name: registrant, exact: true }).waitFor();
    await steward.page
      .getByRole('button', { name: exact(t('en', 'registrationsAdmin.exportCsv')) })
      .waitFor();

    // the owner gives them the read-only role on the rights page
    await owner.page.goto(`/events/rights-${eventId}`);
    await owner.page.getByRole('heading', { level: 1, name: exact(t('fr', 'rights.title')) }).waitFor();
    const role = owner.page.getByRole('combobox', { name: new RegExp(`Steward${run}`) });
    await role.selectOption({ label: t('fr', 'rights.choices.readOnly') });
    await expect.poll(() => role.inputValue(), { timeout: 15_000 }).toBe('readOnly');
    expect(await owner.page.getByRole('alert').count()).toBe(0);
    // the save is said, in a status line, with whose role it was
    const stewardName = `Sam Steward${run}`;
    await owner.page
      .getByRole('status')
      .filter({ hasText: t('fr', 'rights.savedFor', { name: stewardName }) })
      .waitFor();
    await expectNoSeriousA11yViolations(owner.page);

    // the event's audit log, from the event menu: dated with the time, saying for whom rights changed
    for (const locale of ['fr', 'en', 'ja'] as const) {
      await owner.page.goto(prefixed(locale, `/events/rights-${eventId}`));
      await owner.page
        .getByRole('navigation', { name: exact(t(locale, 'console.eventNav.label')) })
        .getByRole('link', { name: exact(t(locale, 'rights.audit.title')) })
        .click();
      await waitForPath(owner.page, prefixed(locale, `/events/audit-${eventId}`));
      await owner.page
        .getByRole('heading', { level: 1, name: exact(t(locale, 'rights.audit.title')) })
        .waitFor();
      const log = owner.page.getByRole('table', { name: exact(t(locale, 'rights.audit.title')) });
      const forSteward = t(locale, 'rights.audit.actions.rightsChangedFor', { name: stewardName });
      const line = log
        .getByRole('row')
        .filter({ has: owner.page.getByRole('cell', { name: exact(forSteward) }) });
      await line.first().waitFor();
      // a date and a time of day (hh:mm) in the first cell
      expect(await line.first().getByRole('cell').first().textContent()).toMatch(/\d{1,2}:\d{2}/);
      await expectNoSeriousA11yViolations(owner.page);
    }

    for (const locale of ['fr', 'en', 'ja'] as const) {
      await steward.page.goto(prefixed(locale, `/events/participants-${eventId}`));
      await steward.page
        .getByRole('heading', { level: 1, name: exact(t(locale, 'registrationsAdmin.pages.participants')) })
        .waitFor();
      const row = steward.page.getByRole('row', { name: new RegExp(`Masked${run}`) });
      await row.waitFor();
      await expect.poll(() => row.getByText(t(locale, 'rights.masked')).count()).toBe(1);
      expect(await steward.page.getByText(registrant).count()).toBe(0);
      expect(
        await steward.page
          .getByRole('button', { name: exact(t(locale, 'registrationsAdmin.exportCsv')) })
          .count(),
      ).toBe(0);
      expect(
        await steward.page
          .getByRole('button', { name: exact(t(locale, 'registrationsAdmin.exportExcel')) })
          .count(),
      ).toBe(0);
      await expectNoSeriousA11yViolations(steward.page);
    }

    // the server decides: the export's read and the address are refused or masked whatever the page shows
    const answer = await steward.page.evaluate(
      async ({ id, csrf }) => {
        const exported = await fetch(`/api/events/${id}/registration-exports`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [csrf.header]: csrf.value },
          body: '{}',
        });
        const list = await fetch(`/api/events/${id}/registrations?limit=100`);
        return { exported: exported.status, list: await list.text() };
      },
      { id: eventId, csrf: { header: CSRF_HEADER, value: CSRF_HEADER_VALUE } },
    );
    expect(answer.exported).toBe(403);
    expect(answer.list).not.toContain(registrant);
    expect(answer.list).not.toContain('0102030405');
    await owner.context.close();
    await steward.context.close();
  }, 180_000);
});
