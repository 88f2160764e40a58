import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('organisations', () => {
  it('creates an organisation from /home: the list reloads and the new one is selected', async () => {
    const { context, page } = await suite.open();
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { refused: string[] }).refused = refused;
      document.addEventListener('securitypolicyviolation', (event) =>
        refused.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    await signIn(page, 'fr');
    const name = `Salon e2e ${randomBytes(3).toString('hex')}`;

    await page.getByRole('button', { name: exact(t('fr', 'home.createOrganization')) }).click();
    const dialog = page.getByRole('dialog', { name: exact(t('fr', 'home.create.title')) });
    await dialog.waitFor();
    // the page behind the modal dialog does not scroll: the style element the dialog's scroll lock
    // injects is allowed by the page's CSP nonce (bff/src/static/spa.ts), and nothing is refused
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);
    await dialog.getByLabel(exact(t('fr', 'home.create.name'))).fill(name);
    await dialog.getByRole('button', { name: exact(t('fr', 'home.create.submit')) }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    const card = page.locator('[aria-current="true"]', { hasText: name });
    await card.waitFor();
    await page.getByText(t('fr', 'home.currentOrganization', { name })).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');

    // The selection lives in the server session: it survives a reload.
    await page.reload();
    await page.locator('[aria-current="true"]', { hasText: name }).waitFor();
    await context.close();
  });

  it('lets the demo owner set a service credential, shown masked only, in fr, en and ja', async () => {
    const { context, page } = await suite.open('fr-FR');
    // every answer of the credential routes, to prove none carries the value
    const answers: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/credentials')) answers.push(response.text());
    });
    await signIn(page, 'fr');
    await selectFirstOrganization(page);
    const name = `e2eKey${randomBytes(3).toString('hex')}`;
    const secret = `sk_e2e_${randomBytes(8).toString('hex')}`;
    const last = secret.slice(-4);

    await page.goto('/organizations/settings');
    const section = page.getByRole('region', { name: exact(t('fr', 'console.credentials.title')) });
    const form = section.getByRole('form', { name: exact(t('fr', 'console.credentials.formTitle')) });
    await form.getByLabel(t('fr', 'console.credentials.name'), { exact: false }).first().fill(name);
    const value = form.getByLabel(t('fr', 'console.credentials.value'), { exact: false }).first();
    await value.fill(secret);
    await form.getByRole('button', { name: exact(t('fr', 'console.credentials.save')) }).click();
    await section.getByText(t('fr', 'console.credentials.saved', { name })).waitFor();
    await section.getByText(exact(t('fr', 'console.credentials.endsWith', { last }))).waitFor();
    expect(await value.inputValue()).toBe('');
    await expectNoSeriousA11yViolations(page);

    for (const locale of ['en', 'ja'] as const) {
      await page.goto(localised(locale, '/organizations/settings'));
      const card = page.getByRole('region', { name: exact(t(locale, 'console.credentials.title')) });
      await card.getByText(exact(t(locale, 'console.credentials.endsWith', { last }))).waitFor();
      await card.getByRole('row', { name: new RegExp(name) }).waitFor();
      await expectNoSeriousA11yViolations(page);
    }

    // deleted after a confirmation
    const credentials = page.getByRole('region', { name: exact(t('ja', 'console.credentials.title')) });
    await credentials
      .getByRole('button', { name: exact(t('ja', 'console.credentials.removeFor', { name })) })
      .click();
    await page.getByRole('button', { name: exact(t('ja', 'console.deleteDialog.confirm')) }).click();
    await credentials.getByText(t('ja', 'console.credentials.removed', { name })).waitFor();
    expect(await credentials.getByRole('row', { name: new RegExp(name) }).count()).toBe(0);

    const texts = await Promise.all(answers);
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts) expect(text).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
    await context.close();
  });
});
