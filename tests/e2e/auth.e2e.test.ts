import type { Locale } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { secretLeaks, tokensInRedis } from './support/browser';
import { localised } from './support/i18n';
import { signIn, waitForPath } from './support/flows';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const htmlLang: Record<Locale, string> = { fr: 'fr', en: 'en', ja: 'ja' };

describe('sign in', () => {
  it.each(['fr', 'en', 'ja'] as const)('through the %s login form, landing on /home', async (locale) => {
    const { context, page } = await suite.open();
    await page.goto(localised(locale, '/auth/login'));
    expect(await page.locator('html').getAttribute('lang')).toBe(htmlLang[locale]);
    await signIn(page, locale);
    expect(new URL(page.url()).pathname).toBe(localised(locale, '/home'));
    expect(await page.locator('html').getAttribute('lang')).toBe(htmlLang[locale]);
    // The session lives in an HttpOnly cookie; nothing the page's scripts can read holds a token.
    const cookies = await context.cookies();
    expect(cookies.filter((cookie) => !cookie.httpOnly && /sid|sess/i.test(cookie.name))).toEqual([]);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toMatch(/token/i);
    await context.close();
  });

  it('keeps the upstream token on the server: in the session store, never in what the browser got', async () => {
    const { context, page } = await suite.open();
    await signIn(page, 'fr');
    await page.goto('/events');
    await page.waitForLoadState('networkidle');
    const tokens = await tokensInRedis(suite.redisUrl);
    expect(tokens.length).toBeGreaterThan(0);
    expect(secretLeaks(await suite.recorder.settle(), tokens)).toEqual([]);
    await context.close();
  });

  it('an unauthenticated visit to /events goes to /auth/login, then back to /events', async () => {
    const { context, page } = await suite.open();
    await page.goto('/events');
    await waitForPath(page, '/auth/login');
    const search = new URL(page.url()).searchParams;
    expect([...search.values()]).toContain('/events');
    await signIn(page, 'fr', { expectPath: '/events' });
    await context.close();
  });

  it('keeps the locale prefix on the way to the login page', async () => {
    const { context, page } = await suite.open('en-US');
    await page.goto('/jp/events');
    await waitForPath(page, '/jp/auth/login');
    await context.close();
  });

  it('sends a signed-in user who opens the login page to /home', async () => {
    const { context, page } = await suite.open();
    await signIn(page, 'en');
    await page.goto('/en/auth/login');
    await waitForPath(page, '/en/home');
    await context.close();
  });
});
