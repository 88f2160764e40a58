import { randomBytes } from 'node:crypto';
import { encodePng } from '@evt/upstream/seed/png';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization, selectionSaved } from './support/console';
import { signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const png = {
  name: 'plan.png',
  mimeType: 'image/png',
  buffer: encodePng(16, 16, (x, y) => [x * 16, y * 16, 120]),
};

describe('console: events, commissions, projects, tasks and uploads', () => {
  it('creates an event, reaches its dashboard, uploads a document and the organisation image', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const orgId = await selectFirstOrganization(page);

    await page.goto(`/events/add-${orgId}`);
    const form = page.getByRole('form', { name: exact(t('fr', 'console.addEvent.title')) });
    const name = `Forum e2e ${randomBytes(3).toString('hex')}`;
    await form.getByLabel(exact(t('fr', 'console.fields.name'))).fill(name);
    await form.getByLabel(exact(t('fr', 'console.addEvent.startDate'))).fill('2027-03-10');
    await form.getByLabel(exact(t('fr', 'console.addEvent.endDate'))).fill('2027-03-12');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: exact(t('fr', 'console.addEvent.submit')) }).click();
    await page.waitForURL((url) => /^\/events\/dashboard-\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.getByRole('heading', { name: exact(t('fr', 'console.metrics.title')) }).waitFor();
    await page.getByText(t('fr', 'console.metrics.byRole')).first().waitFor();

    await page.getByLabel(exact(t('fr', 'console.documents.choose'))).setInputFiles(png);
    await page.getByRole('button', { name: exact(t('fr', 'console.documents.upload')) }).click();
    await page.getByText(t('fr', 'console.documents.saved')).waitFor();
    await page.getByRole('link', { name: 'plan.png' }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // the dashboard selected the event: its features page switches one off and keeps it
    await page.goto('/admin/features');
    const badge = page.getByRole('switch', { name: exact(t('fr', 'console.features.names.badgeModel')) });
    await expect.poll(() => badge.getAttribute('aria-checked')).toBe('true');
    await badge.click();
    await expect.poll(() => badge.getAttribute('aria-checked')).toBe('false');
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect.poll(() => badge.getAttribute('aria-checked')).toBe('false');

    await page.goto('/organizations/settings');
    await page.getByLabel(exact(t('fr', 'console.settings.chooseImage'))).setInputFiles(png);
    await page.getByRole('button', { name: exact(t('fr', 'console.settings.uploadImage')) }).click();
    await page.getByText(t('fr', 'console.settings.imageSaved')).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it("sets an event's times and time zone, shown on its own clock with the zone named, in fr, en and ja", async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const orgId = await selectFirstOrganization(page);
    /** what the header must read, from the browser's own Intl: the times on the zone's clock, the zone's name */
    const expected = (locale: 'fr' | 'en' | 'ja', zone: string, start: string, end: string) =>
      page.evaluate(
        ([locale, zone, start, end]) => {
          const at = (time: string) => new Date(`2027-03-10T${time}:00Z`);
          const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' });
          const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
            .formatToParts(at('12:00'))
            .find((p) => p.type === 'timeZoneName')?.value;
          return { start: clock.format(at(start)), end: clock.format(at(end)), zone: name ?? zone };
        },
        [locale, zone, start, end] as const,
      );
    const header = (locale: 'fr' | 'en' | 'ja', when: { start: string; end: string; zone: string }) =>
      page
        .locator('time', { hasText: t(locale, 'eventTimes.range', { start: when.start, end: when.end }) })
        .filter({ hasText: when.zone })
        .first()
        .waitFor();

    await page.goto(`/events/add-${orgId}`);
    const form = page.getByRole('form', { name: exact(t('fr', 'console.addEvent.title')) });
    await form
      .getByLabel(exact(t('fr', 'console.fields.name')))
      .fill(`Tokyo e2e ${randomBytes(3).toString('hex')}`);
    await form.getByLabel(exact(t('fr', 'console.addEvent.startDate'))).fill('2027-03-10');
    await form.getByLabel(exact(t('fr', 'console.addEvent.endDate'))).fill('2027-03-12');
    await form.getByLabel(exact(t('fr', 'console.addEvent.startTime'))).fill('10:00');
    await form.getByLabel(exact(t('fr', 'console.addEvent.endTime'))).fill('17:30');
    await form.getByLabel(exact(t('fr', 'console.addEvent.timeZone'))).selectOption('Asia/Tokyo');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: exact(t('fr', 'console.addEvent.submit')) }).click();
    await page.waitForURL((url) => /^\/events\/dashboard-\d+$/.test(url.pathname));
    const eventId = page.url().replace(/.*dashboard-/, '');
    await header('fr', await expected('fr', 'Asia/Tokyo', '10:00', '17:30'));

    // corrected in English on the information page: another zone, other times
    // the old address leads to the selected event's own
    await selectionSaved(page, Number(eventId));
    await page.goto('/en/events/infos');
    await page.waitForURL((url) => url.pathname === `/en/events/infos-${eventId}`);
    const infos = page.getByRole('form', { name: exact(t('en', 'console.eventInfo.title')) });
    const opening = infos.getByLabel(exact(t('en', 'console.addEvent.startTime')));
    expect(await opening.inputValue()).toBe('10:00');
    await opening.fill('09:00');
    await infos.getByLabel(exact(t('en', 'console.addEvent.endTime'))).fill('18:00');
    await infos.getByLabel(exact(t('en', 'console.addEvent.timeZone'))).selectOption('Europe/Paris');
    await infos.getByRole('button', { name: exact(t('en', 'console.eventInfo.submit')) }).click();
    await page.getByText(t('en', 'console.eventInfo.saved')).waitFor();
    await header('en', await expected('en', 'Europe/Paris', '09:00', '18:00'));
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/jp/events/dashboard-${eventId}`);
    await header('ja', await expected('ja', 'Europe/Paris', '09:00', '18:00'));
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('creates a commission, a project and a task, assigns and toggles it, and keeps it after a reload', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    const orgId = await selectFirstOrganization(page);
    const eventId = await page.evaluate(
      async (id) =>
        ((await (await fetch(`/api/organizations/${id}/events`)).json()) as { data: { id: number }[] })
          .data[0]?.id,
      orgId,
    );

    await page.goto(`/events/commission-${eventId}`);
    const commission = `Accueil ${randomBytes(3).toString('hex')}`;
    const create = page.getByRole('form', { name: exact(t('fr', 'console.commissions.create')) });
    await create.getByLabel(exact(t('fr', 'console.fields.name'))).fill(commission);
    await create.getByRole('button', { name: exact(t('fr', 'console.commissions.createSubmit')) }).click();
    await page.getByRole('heading', { name: commission }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page
      .getByRole('link', { name: exact(t('fr', 'console.commissions.projects', { name: commission })) })
      .click();
    await page.waitForURL((url) => /^\/events\/commission-\d+\/projects$/.test(url.pathname));

    const projectForm = page.getByRole('form', { name: exact(t('fr', 'console.projects.create')) });
    await projectForm.getByLabel(exact(t('fr', 'console.fields.name'))).fill('Signalétique');
    await projectForm.getByRole('button', { name: exact(t('fr', 'console.projects.createSubmit')) }).click();
    const taskForm = page.getByRole('form', {
      name: exact(t('fr', 'console.tasks.createIn', { name: 'Signalétique' })),
    });
    await taskForm.getByLabel(exact(t('fr', 'console.tasks.titleField'))).fill('Imprimer les panneaux');
    // spec: priority defaults to high
    expect(await taskForm.getByLabel(exact(t('fr', 'console.tasks.priorityField'))).inputValue()).toBe(
      'high',
    );
    await taskForm.getByRole('button', { name: exact(t('fr', 'console.tasks.create')) }).click();
    const box = page.getByRole('checkbox', { name: 'Imprimer les panneaux' });
    await box.waitFor();

    const assignee = page.getByLabel(
      exact(t('fr', 'console.tasks.assignLabel', { title: 'Imprimer les panneaux' })),
    );
    await assignee.selectOption({ index: 1 });
    const person = (await assignee.locator('option:checked').textContent()) ?? '';
    await page.getByRole('button', { name: exact(t('fr', 'console.tasks.assign')) }).click();
    await page.locator('.task__meta', { hasText: person }).waitFor();
    // click, not check(): the box is controlled and flips when the optimistic update lands, a moment after
    // the click, which check() reads at once as "did not change"
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // give the toggle time to reach the server, then read it back
    await page.waitForLoadState('networkidle');
    await page.reload();
    await page.getByRole('checkbox', { name: 'Imprimer les panneaux' }).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Imprimer les panneaux' }).isChecked()).toBe(true);
    await waitForPath(page, new URL(page.url()).pathname);
    await context.close();
  });
});
