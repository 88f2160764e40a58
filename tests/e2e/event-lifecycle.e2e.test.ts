import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** A new draft event through the creation page; its dashboard selects it. Answers its id and name. */
async function newDraft(page: Page, orgId: number, prefix: string): Promise<{ id: number; name: string }> {
  await page.goto(`/en/events/add-${orgId}`);
  const create = page.getByRole('form', { name: exact(t('en', 'console.addEvent.title')) });
  const name = `${prefix} ${randomBytes(3).toString('hex')}`;
  await create.getByLabel(exact(t('en', 'console.fields.name'))).fill(name);
  await create.getByLabel(exact(t('en', 'console.addEvent.startDate'))).fill('2027-09-01');
  await create.getByLabel(exact(t('en', 'console.addEvent.endDate'))).fill('2027-09-02');
  await create.getByLabel(exact(t('en', 'console.addEvent.status'))).selectOption('draft');
  await create.getByRole('button', { name: exact(t('en', 'console.addEvent.submit')) }).click();
  await page.waitForURL((url) => /^\/en\/events\/dashboard-\d+$/.test(url.pathname));
  const id = Number(new URL(page.url()).pathname.split('-').at(-1));
  // the event menu links the event's own information page
  const nav = page.getByRole('navigation', { name: exact(t('en', 'console.eventNav.label')) });
  // links that need a permission join the list once the caller's permissions are read: click after that,
  // not while the list moves
  await nav.getByRole('link', { name: exact(t('en', 'rights.title')) }).waitFor();
  await nav.getByRole('link', { name: exact(t('en', 'console.eventNav.infos')) }).click();
  await page.waitForURL((url) => url.pathname === `/en/events/infos-${id}`);
  await page.getByRole('textbox', { name: exact(t('en', 'console.fields.name')) }).waitFor();
  expect(await page.getByRole('textbox', { name: exact(t('en', 'console.fields.name')) }).inputValue()).toBe(
    name,
  );
  return { id, name };
}

const statusOf = (page: Page, id: number) =>
  page.evaluate(async (eventId) => {
    const answer = await fetch(`/api/events/${eventId}`);
    return answer.ok ? ((await answer.json()) as { status: string }).status : answer.status;
  }, id);

describe('console: an event’s life', () => {
  it('publishes a draft, and deletes another through the confirmation dialog by keyboard', async () => {
    const { context, page } = await suite.open('en-GB');
    await signIn(page, 'en');
    const orgId = await selectFirstOrganization(page);

    const draft = await newDraft(page, orgId, 'Publish e2e');
    const panel = page.getByRole('region', { name: exact(t('en', 'console.eventLifecycle.title')) });
    await panel.getByRole('button', { name: exact(t('en', 'console.eventLifecycle.publish')) }).click();
    await panel.getByText(exact(t('en', 'console.eventLifecycle.published'))).waitFor();
    expect(await statusOf(page, draft.id)).toBe('published');
    await expectNoSeriousA11yViolations(page);

    const doomed = await newDraft(page, orgId, 'Delete e2e');
    const remove = panel.getByRole('button', { name: exact(t('en', 'console.eventLifecycle.delete')) });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', {
      name: exact(t('en', 'console.eventLifecycle.deleteTitle', { name: doomed.name })),
    });
    await dialog.waitFor();
    await dialog
      .getByText(exact(t('en', 'console.eventLifecycle.deleteText', { name: doomed.name })))
      .waitFor();
    await expectNoSeriousA11yViolations(page);
    // Escape closes it and nothing is deleted; the focus is back on the button
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => remove.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await statusOf(page, doomed.id)).toBe('draft');
    // again: the focus starts on Cancel; Tab reaches the action, which names the event
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Tab');
    const confirm = dialog.getByRole('button', {
      name: exact(t('en', 'console.eventLifecycle.deleteConfirm', { name: doomed.name })),
    });
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/en/events');
    expect(await statusOf(page, doomed.id)).toBe(404);
    expect(await statusOf(page, draft.id)).toBe('published');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
