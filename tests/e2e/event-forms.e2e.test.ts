import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('console: the event navigation and the event forms', () => {
  it('goes from the dashboard through the navigation to the forms page, closes and reopens a form', async () => {
    const { context, page } = await suite.open('en-GB');
    await signIn(page, 'en');
    const orgId = await selectFirstOrganization(page);

    // a fresh event with two forms, so that nothing else changes them meanwhile
    await page.goto(`/en/events/add-${orgId}`);
    const create = page.getByRole('form', { name: exact(t('en', 'console.addEvent.title')) });
    const name = `Forms e2e ${randomBytes(3).toString('hex')}`;
    await create.getByLabel(exact(t('en', 'console.fields.name'))).fill(name);
    await create.getByLabel(exact(t('en', 'console.addEvent.startDate'))).fill('2027-06-01');
    await create.getByLabel(exact(t('en', 'console.addEvent.endDate'))).fill('2027-06-02');
    await create.getByLabel(exact(t('en', 'forms.kinds.panelist.title'))).check();
    await create.getByRole('button', { name: exact(t('en', 'console.addEvent.submit')) }).click();
    await page.waitForURL((url) => /^\/en\/events\/dashboard-\d+$/.test(url.pathname));
    const eventId = Number(new URL(page.url()).pathname.split('-').at(-1));

    const nav = page.getByRole('navigation', { name: exact(t('en', 'console.eventNav.label')) });
    const dashboardLink = nav.getByRole('link', { name: exact(t('en', 'console.eventNav.dashboard')) });
    await expect.poll(() => dashboardLink.getAttribute('aria-current')).toBe('page');
    await expectNoSeriousA11yViolations(page);

    // by keyboard: focus the link and follow it
    const formsLink = nav.getByRole('link', { name: exact(t('en', 'console.eventNav.forms')) });
    await formsLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/en/events/forms-${eventId}`);
    await page.getByRole('heading', { level: 1, name: exact(t('en', 'console.eventForms.title')) }).waitFor();
    await expect.poll(() => formsLink.getAttribute('aria-current')).toBe('page');

    const list = page.getByRole('list', { name: exact(t('en', 'console.eventForms.listLabel')) });
    // a new event's forms are titled in its main language (French, the creation's default), whatever the
    // organiser reads
    const participant = list.getByRole('listitem', { name: exact(t('fr', 'forms.kinds.participant.title')) });
    await participant.getByText(exact(t('en', 'console.eventForms.open'))).waitFor();
    const slug = await page.evaluate(
      async (id) => ((await (await fetch(`/api/events/${id}`)).json()) as { slug: string }).slug,
      eventId,
    );
    // the event offers French only (the creation's default): its one public link is the French one
    await participant.getByRole('link', { name: `${suite.baseUrl}/events-${slug}/participant` }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await participant.getByRole('button', { name: exact(t('en', 'console.eventForms.close')) }).click();
    await participant.getByText(exact(t('en', 'console.eventForms.closed'))).waitFor();
    await page.reload();
    await participant.getByText(exact(t('en', 'console.eventForms.closed'))).waitFor();
    await expectNoSeriousA11yViolations(page);

    await participant.getByRole('button', { name: exact(t('en', 'console.eventForms.reopen')) }).click();
    await participant.getByText(exact(t('en', 'console.eventForms.open'))).waitFor();
    await page.reload();
    await participant.getByText(exact(t('en', 'console.eventForms.open'))).waitFor();
    await context.close();
  });
});
