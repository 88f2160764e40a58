import { describe, expect, it } from 'vitest';
import { signIn, waitForPath } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('language chooser', () => {
  it('switches the language and keeps the page, then remembers the choice', async () => {
    const { context, page } = await suite.open();
    await signIn(page, 'fr');
    await page.goto('/events');
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'events.title')) }).waitFor();

    await page.getByRole('combobox', { name: exact(t('fr', 'layout.language')) }).selectOption('en');
    await waitForPath(page, '/en/events');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByRole('heading', { level: 1, name: exact(t('en', 'events.title')) }).waitFor();

    await page.getByRole('combobox', { name: exact(t('en', 'layout.language')) }).selectOption('ja');
    await waitForPath(page, '/jp/events');
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');
    await page.getByRole('heading', { level: 1, name: exact(t('ja', 'events.title')) }).waitFor();

    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.value)).toContain('jp');
    // The cookie outranks the browser language (fr-FR here) on a visit to /.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname.startsWith('/jp'));
    await context.close();
  });

  it('switches a public page too', async () => {
    const { context, page } = await suite.open();
    await page.goto('/about');
    await page.getByRole('combobox', { name: exact(t('fr', 'layout.language')) }).selectOption('en');
    await waitForPath(page, '/en/about');
    await context.close();
  });
});
