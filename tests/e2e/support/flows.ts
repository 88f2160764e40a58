import { randomBytes } from 'node:crypto';
import { DEMO_ORGANISER } from '@evt/upstream/seed/demo';
import type { Locale } from '@evt/contracts/locale';
import type { Page } from 'playwright-core';
import { exact, hasKey, localised, t } from './i18n';
import { mailedLink } from './outbox';

export const demoOrganiser = { email: DEMO_ORGANISER.email, password: DEMO_ORGANISER.password };

/** The first key of `candidates` present in the locale files (lets tests follow the SPA's key names). */
export function key(locale: Locale, candidates: string[]): string {
  const found = candidates.find((candidate) => hasKey(locale, candidate));
  if (!found) throw new Error(`none of these keys is in locales/${locale}.json: ${candidates.join(', ')}`);
  return found;
}

export const keys = {
  email: ['auth.login.email', 'auth.fields.email', 'auth.email', 'common.email'],
  password: ['auth.login.password', 'auth.fields.password', 'auth.password', 'common.password'],
  submit: ['auth.login.submit', 'auth.login.signIn', 'auth.login.action', 'layout.signIn'],
};

export function label(locale: Locale, candidates: string[]): RegExp {
  return exact(t(locale, key(locale, candidates)));
}

/** Current path (with search) of the page. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname;
}

export async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** Signs in through the login form of `locale` and waits for `/home` (with the locale prefix). */
export async function signIn(
  page: Page,
  locale: Locale,
  options: { from?: string; expectPath?: string; credentials?: { email: string; password: string } } = {},
): Promise<void> {
  const credentials = options.credentials ?? demoOrganiser;
  if (options.from !== undefined || !page.url().includes('/auth/login')) {
    await page.goto(options.from ?? localised(locale, '/auth/login'));
  }
  await page.getByLabel(label(locale, keys.email)).fill(credentials.email);
  await page.getByLabel(label(locale, keys.password)).fill(credentials.password);
  await page.getByRole('button', { name: label(locale, keys.submit) }).click();
  await waitForPath(page, options.expectPath ?? localised(locale, '/home'));
}

/**
 * Registers a new account in English (with `email`, else a new address) and confirms its address from the
 * mail outbox; returns its credentials.
 */
export async function registerAccount(
  page: Page,
  baseUrl: string,
  email = `e2e-${randomBytes(4).toString('hex')}@example.org`,
): Promise<{ email: string; password: string }> {
  const password = `pass-${randomBytes(6).toString('hex')}`;
  await page.goto('/en/auth/register');
  await page.getByLabel(exact(t('en', 'auth.fields.firstName'))).fill('Ada');
  await page.getByLabel(exact(t('en', 'auth.fields.lastName'))).fill('Lovelace');
  await page.getByLabel(exact(t('en', 'auth.fields.email'))).fill(email);
  await page.getByLabel(exact(t('en', 'auth.fields.password'))).fill(password);
  await page.getByLabel(exact(t('en', 'auth.fields.confirmPassword'))).fill(password);
  await page.getByRole('button', { name: exact(t('en', 'auth.register.submit')) }).click();
  await page.getByText(t('en', 'auth.register.doneTitle')).first().waitFor();

  await page.goto(await mailedLink(baseUrl, email, (href) => href.includes('/verify-email')));
  await page.getByText(t('en', 'auth.verify.doneTitle')).first().waitFor();
  return { email, password };
}
