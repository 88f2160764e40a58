import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('console: forms added and removed, and a feature switched off and on', () => {
  it('adds and removes a form, switches the forms off (menu, page, visitor’s form) and on again', async () => {
    const { context, page } = await suite.open('en-GB');
    await signIn(page, 'en');
    const orgId = await selectFirstOrganization(page);

    await page.goto(`/en/events/add-${orgId}`);
    const create = page.getByRole('form', { name: exact(t('en', 'console.addEvent.title')) });
    await create
      .getByLabel(exact(t('en', 'console.fields.name')))
      .fill(`Switches e2e ${randomBytes(3).toString('hex')}`);
    await create.getByLabel(exact(t('en', 'console.addEvent.startDate'))).fill('2027-06-01');
    await create.getByLabel(exact(t('en', 'console.addEvent.endDate'))).fill('2027-06-02');
    // published: a draft's visitor pages are not public at all
    await create.getByLabel(exact(t('en', 'console.addEvent.status'))).selectOption('published');
    await create.getByRole('button', { name: exact(t('en', 'console.addEvent.submit')) }).click();
    await page.waitForURL((url) => /^\/en\/events\/dashboard-\d+$/.test(url.pathname));
    const eventId = Number(new URL(page.url()).pathname.split('-').at(-1));
    const slug = await page.evaluate(
      async (id) => ((await (await fetch(`/api/events/${id}`)).json()) as { slug: string }).slug,
      eventId,
    );

    // a form added to the existing event, then removed (no one registered through it)
    await page.goto(`/en/events/forms-${eventId}`);
    const add = page.getByRole('region', { name: exact(t('en', 'console.eventForms.addTitle')) });
    await add.getByLabel(t('en', 'console.eventForms.addKind')).selectOption('sponsor');
    await add.getByRole('button', { name: exact(t('en', 'console.eventForms.addSubmit')) }).click();
    const list = page.getByRole('list', { name: exact(t('en', 'console.eventForms.listLabel')) });
    // titled in the event's main language (French, the creation's default), whatever the organiser reads
    const sponsor = list.getByRole('listitem', { name: exact(t('fr', 'forms.kinds.sponsor.title')) });
    await sponsor.waitFor();
    await expectNoSeriousA11yViolations(page);
    await sponsor
      .getByRole('button', {
        name: exact(
          t('en', 'console.eventForms.removeLabel', { title: t('fr', 'forms.kinds.sponsor.title') }),
        ),
      })
      .click();
    await page.getByRole('button', { name: exact(t('en', 'console.deleteDialog.confirm')) }).click();
    await sponsor.waitFor({ state: 'detached' });

    // the forms switched off: gone from the menu, the page says so, the visitor's form is closed
    await page.goto('/en/admin/features');
    const formsSwitch = page.getByRole('switch', {
      name: exact(t('en', 'console.features.names.formModel')),
    });
    await formsSwitch.click();
    await expect.poll(() => formsSwitch.getAttribute('aria-checked')).toBe('false');
    const nav = page.getByRole('navigation', { name: exact(t('en', 'console.eventNav.label')) });
    await nav.getByRole('link', { name: exact(t('en', 'console.eventNav.features')) }).waitFor();
    await expect
      .poll(() => nav.getByRole('link', { name: exact(t('en', 'console.eventNav.forms')) }).count())
      .toBe(0);
    await page.goto(`/en/events/forms-${eventId}`);
    const offTitle = t('en', 'console.features.offTitle', {
      feature: t('en', 'console.features.names.formModel'),
    });
    await page.getByRole('heading', { level: 1, name: exact(offTitle) }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const visitor = await context.newPage();
    await visitor.goto(`${suite.baseUrl}/jp/events-${slug}/participant`);
    await visitor.getByText(exact(t('ja', 'errors.formClosed'))).waitFor();
    await expectNoSeriousA11yViolations(visitor);

    // and on again, from the page's own link
    await page.getByRole('link', { name: exact(t('en', 'console.features.offLink')) }).click();
    await page.waitForURL((url) => url.pathname === '/en/admin/features');
    await formsSwitch.click();
    await expect.poll(() => formsSwitch.getAttribute('aria-checked')).toBe('true');
    await page.goto(`/en/events/forms-${eventId}`);
    await page.getByRole('heading', { level: 1, name: exact(t('en', 'console.eventForms.title')) }).waitFor();
    await context.close();
  }, 240_000);
});
