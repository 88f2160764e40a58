import { LOCALE_PREFIX, LOCALES } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './support/axe';
import { api } from './support/console-api';
import { selectFirstOrganization } from './support/console';
import { consoleIds, consolePages } from './support/console-pages';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
import { followInApp } from './support/navigation';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();
const PHONE = { width: 390, height: 844 };

/**
 * An organiser on a phone: every console page opens on its own heading (the event's menu folded behind
 * one button), with nothing wider than the screen and nothing axe finds serious, its tables scrolled
 * inside their own focusable box.
 */
describe('the console on a phone (390 × 844)', () => {
  // One language: console-layout.e2e measures the three at 390 px; this walk adds axe on each page.
  it('opens every console page at 390 px with no serious axe violation and nothing wider than the screen (fr)', async () => {
    const { context, page } = await suite.open('fr-FR');
    await page.setViewportSize(PHONE);
    await signIn(page, 'fr');
    const pages = consolePages(await consoleIds(page));
    expect(pages.length).toBeGreaterThan(15);
    const problems: string[] = [];
    // console-layout.e2e loads each page from its address; here they are reached as a followed link does
    for (const path of pages) {
      await followInApp(page, `${LOCALE_PREFIX.fr}${path}`);
      const [scroll, client] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      if (scroll > client + 1) problems.push(`${path}: the document is ${scroll}px wide for ${client}px`);
      for (const violation of await seriousA11yViolations(page))
        problems.push(`${path}: ${violation.id} (${violation.help}) at ${violation.nodes.join(', ')}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 600_000);

  for (const locale of LOCALES) {
    it(`folds the event's menu behind a button that opens, closes with Escape and on a followed link (${locale})`, async () => {
      const { context, page } = await suite.open(locale === 'ja' ? 'ja-JP' : `${locale}-FR`);
      await page.setViewportSize(PHONE);
      await signIn(page, locale);
      const org = await selectFirstOrganization(page);
      const events = await api<{ data: { id: number }[] }>(page, 'GET', `/api/organizations/${org}/events`);
      const event = events.data[0]?.id ?? 0;
      await page.goto(`${LOCALE_PREFIX[locale]}/events/checkin-${event}`);
      const nav = page.getByRole('navigation', { name: exact(t(locale, 'console.eventNav.label')) });
      const toggle = nav.getByRole('button', { name: exact(t(locale, 'console.eventNav.toggle')) });
      await toggle.waitFor();
      const activities = nav.getByRole('link', { name: exact(t(locale, 'console.eventNav.activities')) });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await activities.isVisible()).toBe(false);
      // the door's page: its scan field is on the first screen
      const field = page.getByLabel(exact(t(locale, 'checkin.code')));
      const box = await field.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);

      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await activities.waitFor();
      await expectNoSeriousA11yViolations(page);
      await activities.focus();
      await page.keyboard.press('Escape');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await activities.click();
      await page.waitForURL((url) => url.pathname.endsWith(`/activities-${event}`));
      await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
      expect(await activities.isVisible()).toBe(false);
      await context.close();
    }, 180_000);
  }
});
