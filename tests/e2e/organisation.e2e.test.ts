import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
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
});
