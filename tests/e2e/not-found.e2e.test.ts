import { LOCALES } from '@evt/contracts/locale';
import { describe, it } from 'vitest';
import { signIn } from './support/flows';
import { localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('404 pages', () => {
  it.each(LOCALES)('an unmatched route shows the %s "Page not found: {path}" text', async (locale) => {
    const { context, page } = await suite.open();
    await signIn(page, locale);
    const path = localised(locale, '/no/such/page');
    await page.goto(path);
    // The path shown is the one the browser asked for (with its prefix) or the route path without it.
    const withPrefix = page.getByText(t(locale, 'pages.notFound.message', { path }), { exact: true });
    const withoutPrefix = page.getByText(t(locale, 'pages.notFound.message', { path: '/no/such/page' }), {
      exact: true,
    });
    await withPrefix.or(withoutPrefix).first().waitFor();
    await page.getByRole('heading', { level: 1, name: t(locale, 'pages.notFound.title') }).waitFor();
    await context.close();
  });

  it('a public unmatched path under /public/ shows the 404 without signing in', async () => {
    const { context, page } = await suite.open();
    await page.goto('/public/nothing-here');
    await page
      .getByText(t('fr', 'pages.notFound.message', { path: '/public/nothing-here' }), { exact: true })
      .waitFor();
    await context.close();
  });
});
