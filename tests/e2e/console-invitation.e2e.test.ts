import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { readOutbox } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('console: the invitation flow', () => {
  it('invites by e-mail; the invitee opens the mailed link, creates the account and appears in /members', async () => {
    const organiser = await suite.open('en-GB');
    await signIn(organiser.page, 'en');
    await selectFirstOrganization(organiser.page);
    await organiser.page.goto('/en/members');
    const { page } = organiser;
    await page.getByRole('heading', { name: exact(t('en', 'console.members.title')) }).waitFor();

    const email = `invitee-${randomBytes(4).toString('hex')}@example.org`;
    const form = page.getByRole('form', { name: exact(t('en', 'console.invite.title')) });
    await form.getByLabel(exact(t('en', 'console.invite.email'))).fill(email);
    await form
      .getByLabel(exact(t('en', 'console.invite.memberType')))
      .selectOption({ label: t('en', 'console.memberTypes.member') });
    await form.getByRole('button', { name: exact(t('en', 'console.invite.submit')) }).click();
    await page.getByText(t('en', 'console.invite.sent', { email })).waitFor();
    // the list reloads: the new invitation is on its first page
    await page.getByRole('cell', { name: email, exact: true }).first().waitFor();
    await expectNoSeriousA11yViolations(page);

    const mail = (await readOutbox(suite.baseUrl)).find(
      (m) => m.to === email || (Array.isArray(m.to) && m.to.includes(email)),
    );
    const link = ((mail?.links as string[] | undefined) ?? []).find((l) =>
      l.includes('/organizations/invite?code='),
    );
    expect(link).toBeDefined();
    expect(new URL(link ?? '').pathname).toBe('/en/organizations/invite');

    // the invitee, signed out, in another browser context
    const invitee = await suite.open('en-GB');
    await invitee.page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await invitee.page.getByRole('heading', { name: exact(t('en', 'console.acceptInvite.title')) }).waitFor();
    await invitee.page.getByRole('heading', { name: "Salon International de l'Innovation" }).waitFor();
    // the code left the address at once (history, Referer); the page sends it in a header
    expect(new URL(invitee.page.url()).search).toBe('');
    await expectNoSeriousA11yViolations(invitee.page);
    const register = invitee.page.getByRole('form', {
      name: exact(t('en', 'console.acceptInvite.registerTitle')),
    });
    await register.getByLabel(exact(t('en', 'auth.fields.firstName'))).fill('Ines');
    await register.getByLabel(exact(t('en', 'auth.fields.lastName'))).fill('Invitée');
    await register.getByLabel(exact(t('en', 'auth.fields.password'))).fill('Invitee-password-2026!');
    await register.getByLabel(exact(t('en', 'auth.fields.confirmPassword'))).fill('Invitee-password-2026!');
    await register.getByRole('button', { name: exact(t('en', 'console.acceptInvite.register')) }).click();
    await waitForPath(invitee.page, '/en/home');

    // the same link again: a clear "already used" page
    await invitee.page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await invitee.page
      .getByRole('heading', { name: exact(t('en', 'console.acceptInvite.problem.accepted.title')) })
      .waitFor();
    // the misspelt route with an unknown token: the invalid page
    await invitee.page.goto(`/en/organizations/intivite/${'z'.repeat(40)}`);
    await invitee.page
      .getByRole('heading', { name: exact(t('en', 'console.acceptInvite.problem.invalid.title')) })
      .waitFor();

    await page.reload();

    const membersTable = page.getByRole('table', { name: exact(t('en', 'console.members.listTitle')) });
    await membersTable.getByRole('cell', { name: email, exact: true }).waitFor();
    await organiser.context.close();
    await invitee.context.close();
  });
});
