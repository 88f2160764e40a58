import { randomBytes } from 'node:crypto';
import { LOCALE_PREFIX } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { api } from './support/console-api';
import { selectFirstOrganization } from './support/console';
import { signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { mailedLink } from './support/outbox';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const run = randomBytes(3).toString('hex');

describe('creating events: a permission the organisation’s rights page gives and withdraws', () => {
  it('an owner withdraws it from a member, who sees why "new event" is off, in fr, en and ja', async () => {
    // the owner invites a member, who creates their account from the mailed link
    const owner = await suite.open('fr-FR');
    await signIn(owner.page, 'fr');
    const orgId = await selectFirstOrganization(owner.page);
    const email = `creator-${run}@example.org`;
    await api(owner.page, 'POST', `/api/organizations/${orgId}/members/invite`, {
      email,
      memberTypeId: 3,
      locale: 'en',
    });
    const link = new URL(await mailedLink(suite.baseUrl, email, (href) => href.includes('invite?code=')));
    const member = await suite.open('en-GB');
    await member.page.goto(link.pathname + link.search);
    const register = member.page.getByRole('form', {
      name: exact(t('en', 'console.acceptInvite.registerTitle')),
    });
    await register.getByLabel(exact(t('en', 'auth.fields.firstName'))).fill('Cleo');
    await register.getByLabel(exact(t('en', 'auth.fields.lastName'))).fill(`Creator${run}`);
    await register.getByLabel(exact(t('en', 'auth.fields.password'))).fill('Creator-password-2026!');
    await register.getByLabel(exact(t('en', 'auth.fields.confirmPassword'))).fill('Creator-password-2026!');
    await register.getByRole('button', { name: exact(t('en', 'console.acceptInvite.register')) }).click();
    await waitForPath(member.page, '/en/home');
    await selectFirstOrganization(member.page);

    // a plain member may create events by default
    await member.page.goto('/en/events');
    const newEvent = (locale: 'fr' | 'en' | 'ja') =>
      member.page.getByRole('link', { name: exact(t(locale, 'console.addEvent.title')) });
    await newEvent('en').waitFor();

    // the owner withdraws it on the organisation's rights page (reached from the settings)
    await owner.page.goto('/organizations/settings');
    await owner.page.getByRole('link', { name: exact(t('fr', 'rights.organization.link')) }).click();
    await owner.page
      .getByRole('heading', { level: 1, name: exact(t('fr', 'rights.organization.title')) })
      .waitFor();
    const box = owner.page.getByRole('checkbox', { name: new RegExp(`Creator${run}`) });
    await expect.poll(() => box.isChecked()).toBe(true);
    // an owner always may: their boxes cannot be unticked
    await owner.page.getByText(t('fr', 'rights.organization.ownerAlways')).first().waitFor();
    await box.press('Space');
    await owner.page.getByRole('status').getByText(t('fr', 'rights.organization.saved')).waitFor();
    await expect.poll(() => box.isChecked()).toBe(false);
    await expectNoSeriousA11yViolations(owner.page);

    for (const locale of ['fr', 'en', 'ja'] as const) {
      await member.page.goto(`${LOCALE_PREFIX[locale]}/events`);
      await member.page.getByRole('heading', { level: 1, name: exact(t(locale, 'events.title')) }).waitFor();
      const button = member.page.getByRole('button', { name: exact(t(locale, 'console.addEvent.title')) });
      await expect.poll(() => button.isDisabled()).toBe(true);
      const reason = t(locale, 'rights.missingOrganization', {
        permission: t(locale, 'rights.permissions.events:create'),
      });
      await member.page.getByText(reason).waitFor();
      expect(await button.getAttribute('aria-describedby')).toBeTruthy();
      expect(await newEvent(locale).count()).toBe(0);
      await expectNoSeriousA11yViolations(member.page);
    }
    // the server decides too: the member's own create is refused
    const refused = await member.page.evaluate(async (organization) => {
      const answer = await fetch('/api/events', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'evt-spa' },
        body: JSON.stringify({
          name: 'Refused',
          organization,
          startDate: '2027-03-01T09:00:00Z',
          endDate: '2027-03-01T18:00:00Z',
        }),
      });
      return answer.status;
    }, orgId);
    expect(refused).toBe(403);

    // given back, the link is there again
    await box.press('Space');
    await expect.poll(() => box.isChecked()).toBe(true);
    await member.page.goto('/jp/events');
    await newEvent('ja').waitFor();
    await owner.context.close();
    await member.context.close();
  }, 180_000);
});
