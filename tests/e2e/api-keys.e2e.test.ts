import { randomBytes } from 'node:crypto';
import { API_KEY_PATTERN } from '@evt/contracts/api-keys';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('API keys', () => {
  it('lets the owner create a key, shown once, then revoke it; the published API reads in every language', async () => {
    const { context, page } = await suite.open('fr-FR');
    // every answer after the creation, to prove none carries the key again
    const answers: Promise<string>[] = [];
    let created = false;
    page.on('response', (response) => {
      if (created && response.url().includes('/api/')) answers.push(response.text().catch(() => ''));
    });
    await signIn(page, 'fr');
    await selectFirstOrganization(page);
    await page.goto('/organizations/api-keys');
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'apiKeys.title')) }).waitFor();
    // the demo keys: one in use, one revoked
    await page.getByRole('row', { name: /Imprimante de badges/ }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const name = `Clé e2e ${randomBytes(3).toString('hex')}`;
    const form = page.getByRole('form', { name: exact(t('fr', 'apiKeys.create')) });
    // no scope chosen: refused, and said so
    await form.getByLabel(t('fr', 'apiKeys.name'), { exact: false }).first().fill(name);
    await form.getByRole('button', { name: exact(t('fr', 'apiKeys.create')) }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel(exact(t('fr', 'apiKeys.scopes.event_read'))).check();
    await form.getByLabel(exact(t('fr', 'apiKeys.scopes.registrations_read'))).check();
    await form.getByRole('button', { name: exact(t('fr', 'apiKeys.create')) }).click();

    const shown = page.getByRole('region', { name: exact(t('fr', 'apiKeys.shownOnce')) });
    const key = (await shown.getByTestId('shown-once').textContent()) ?? '';
    expect(key).toMatch(API_KEY_PATTERN);
    created = true;
    await page.getByRole('row', { name: new RegExp(name) }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await shown.getByRole('button', { name: exact(t('fr', 'apiKeys.done')) }).click();
    await expect.poll(() => shown.count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    // revoked after a confirmation, in English
    await page.goto(localised('en', '/organizations/api-keys'));
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByRole('button', { name: new RegExp(t('en', 'apiKeys.revoke')) }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(t('en', 'apiKeys.revokeConfirm', { name })).waitFor();
    await dialog.getByRole('button', { name: exact(t('en', 'apiKeys.revoke')) }).click();
    await page.getByText(exact(t('en', 'apiKeys.revoked'))).waitFor();
    await row.getByText(/Revoked on/).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);

    // the published API, grouped by domain, in Japanese
    await page.goto(localised('ja', '/organizations/api'));
    await page.getByRole('heading', { level: 1, name: exact(t('ja', 'apiKeys.docs.title')) }).waitFor();
    await page
      .getByRole('row', { name: /\/api\/events\/\{id\}\/registrations/ })
      .first()
      .waitFor();
    await page.getByRole('link', { name: exact(t('ja', 'apiKeys.docs.json')) }).waitFor();
    await expectNoSeriousA11yViolations(page);

    const texts = await Promise.all(answers);
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) expect(text).not.toContain(key);
    await context.close();
  });
});
