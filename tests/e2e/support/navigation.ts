import type { Page } from 'playwright-core';

/**
 * Waits until the page shows its heading and what it loads first: the main landmark no longer says it is
 * busy (`aria-busy` while the next route's code or a query's first answer is on its way, PageShell) and no
 * page spinner shows, for three animation frames in a row, so that a query started by a just-rendered part
 * is seen. Waiting for the network to be idle cost half a second a page and said nothing about the page.
 */
export async function waitForPageContent(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.evaluate(() => {
    (window as unknown as { quietFrames: number }).quietFrames = 0;
  });
  await page.waitForFunction(
    () => {
      const state = window as unknown as { quietFrames: number };
      const busy =
        document.querySelector('main[aria-busy="true"], .page-spinner') !== null ||
        document.querySelector('main h1') === null;
      state.quietFrames = busy ? 0 : state.quietFrames + 1;
      return state.quietFrames >= 3;
    },
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Opens `path` (with its language prefix) on a page already showing the app, as a followed link does:
 * through the SPA's router (history and a popstate event), without loading the page and its code again.
 * A page load costs about half a CPU-second; most tests open their pages this way after the first one.
 */
export async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await waitForPageContent(page);
}
