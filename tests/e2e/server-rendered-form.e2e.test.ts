import { randomBytes } from 'node:crypto';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organiserCookie, publicFormsOf } from './support/forms';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const SLUG = 'sii-2027';
const run = randomBytes(3).toString('hex');

/** A country or dial-code select builds its options when reached for (web: form-field.tsx). */
async function choose(page: Page, name: string, value: string) {
  const select = page.locator(`select[name="${name}"]`);
  await select.focus();
  await select.selectOption(value);
}

describe("the visitor's form drawn by the server", () => {
  it('takes typing before any script runs, keeps it through hydration and submits it', async () => {
    const { context, page } = await suite.open('en-GB');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // every script of the page is held until the visitor has typed
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/[^/?]+\.js$/, (route) => {
      if (holding) held.push(route);
      else void route.continue();
    });

    await page.goto(`/en/events-${SLUG}/participant`, { waitUntil: 'commit' });
    const lastName = page.locator('[name="lastName"]');
    const firstNames = page.locator('[name="firstNames"]');
    await lastName.fill(`Early-${run}`);
    await firstNames.fill('Avant');
    // no script has run: the page is the server's, with the data to hydrate from and the send disabled
    expect(held.length).toBeGreaterThan(0);
    expect(await page.locator('script#visitor-state[type="application/json"]').count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('form button[type="submit"]').isDisabled()).toBe(true);
    // Enter in a field sends nothing natively (no GET carrying the entries in the address)
    await firstNames.press('Enter');
    expect(new URL(page.url()).search).toBe('');

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await page.locator('form button[type="submit"]:not([disabled])').waitFor();
    expect(await lastName.inputValue()).toBe(`Early-${run}`);
    expect(await firstNames.inputValue()).toBe('Avant');

    const email = `ssr-${run}@example.org`;
    await page.locator('[name="email"]').fill(email);
    await choose(page, 'dialCode', 'FR'); // the region: France (+33)
    await page.locator('[name="phone"]').fill('612345678');
    await choose(page, 'countryOfResidence', 'FR');
    await page.locator('form button[type="submit"]').click();
    await page.locator('[name="occupation"]').fill('Engineer');
    await page.locator('[name="participantType"][value="individual"]').check();
    await page.locator('select[name="sector"]').selectOption('tech_innovation');
    await page.locator('form button[type="submit"]').click();
    await page.locator('[name="motivation"]').waitFor();
    await page.locator('[name="privacyConsent"]').check();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname.includes('/submitted/'), { timeout: 20_000 });
    expect(errors).toEqual([]);
    await context.close();

    // what the organiser sees stored: the text typed before the script ran
    const cookie = await organiserCookie(suite.baseUrl);
    const { event } = await publicFormsOf(suite.baseUrl, SLUG);
    const answer = await fetch(
      `${suite.baseUrl}/api/events/${event.id}/registrations?${new URLSearchParams({ q: email })}`,
      { headers: { cookie } },
    );
    expect(answer.status).toBe(200);
    const list = (await answer.json()) as { data: { lastName: string; firstNames: string; email: string }[] };
    expect(list.data).toEqual([
      expect.objectContaining({ email, lastName: `Early-${run}`, firstNames: 'Avant' }),
    ]);
  });

  it("reloads once when the first request for its entry fails, rather than staying dead (the console's too)", async () => {
    const { context, page } = await suite.open('en-GB');
    // the entry module of each page (visitor-*.js, index-*.js) fails once, as on a dropped connection
    const failed: string[] = [];
    await page.route(/\/assets\/(visitor|index)-[\w-]+\.js$/, (route) => {
      const name = new URL(route.request().url()).pathname;
      if (failed.includes(name)) return route.continue();
      failed.push(name);
      return route.abort('connectionreset');
    });
    await page.goto(`/en/events-${SLUG}/participant`);
    // without the reload, the form stayed drawn by the server, its send disabled for good
    await page.locator('form button[type="submit"]:not([disabled])').waitFor();
    await page.locator('[name="lastName"]').fill(`Retry-${run}`);
    expect(failed).toEqual([expect.stringMatching(/^\/assets\/visitor-/)]);

    await page.goto('/en/auth/login');
    await page.locator('input[type="email"], input[name="email"]').first().waitFor();
    expect(failed).toEqual([
      expect.stringMatching(/^\/assets\/visitor-/),
      expect.stringMatching(/^\/assets\/index-/),
    ]);
    await context.close();
  });
});
