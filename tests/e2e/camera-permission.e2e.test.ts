import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from './support/console-api';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

/** What the document of the page now shown may do with the camera, as the browser sees it. */
const cameraState = (page: Page) =>
  page.evaluate(async () => {
    const policy = (document as { featurePolicy?: { allowsFeature(name: string): boolean } }).featurePolicy;
    return policy ? policy.allowsFeature('camera') : null;
  });

const cameraOf = (header: string | undefined) => /(?:^|,\s*)camera=([^,]*)/.exec(header ?? '')?.[1];

describe('the camera: allowed to the product on the pages that scan, nowhere else', () => {
  it('serves camera=(self) on the check-in page only, and a navigation across loads a new document', async () => {
    const { context, page } = await suite.open('en-GB');
    await signIn(page, 'en');
    const orgId = await selectFirstOrganization(page);
    const events = await api<{ data: { id: number }[] }>(page, 'GET', `/api/organizations/${orgId}/events`);
    const eventId = events.data[0]?.id as number;

    for (const locale of ['fr', 'en', 'ja'] as const) {
      const answer = await page.goto(localised(locale, `/events/checkin-${eventId}`));
      expect(cameraOf(answer?.headers()['permissions-policy']), locale).toBe('(self)');
      await page.getByLabel(exact(t(locale, 'checkin.code'))).waitFor();
      const allowed = await cameraState(page);
      if (allowed !== null) expect(allowed, locale).toBe(true);
    }

    const elsewhere = [
      '/home',
      `/events/dashboard-${eventId}`,
      `/events/badges-${eventId}`,
      `/events/participants-${eventId}`,
      '/auth/login',
      '/events-sii-2027/participant',
    ];
    for (const path of elsewhere) {
      const answer = await page.goto(localised('en', path));
      expect(cameraOf(answer?.headers()['permissions-policy']), path).toBe('()');
      const allowed = await cameraState(page);
      if (allowed !== null) expect(allowed, path).toBe(false);
    }

    // in the SPA: from the dashboard to the check-in page and back through the event's menu, each page
    // in a document of its own policy (a page that scans never runs in one that denies it, nor the reverse)
    await page.goto(localised('en', `/events/dashboard-${eventId}`));
    const documents: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') {
        documents.push(
          `${new URL(response.url()).pathname} ${cameraOf(response.headers()['permissions-policy'])}`,
        );
      }
    });
    await page
      .getByRole('link', { name: exact(t('en', 'badges.nav.checkin')) })
      .first()
      .click();
    await page.getByLabel(exact(t('en', 'checkin.code'))).waitFor();
    expect(documents).toContain(`/en/events/checkin-${eventId} (self)`);
    if ((await cameraState(page)) !== null) expect(await cameraState(page)).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/en/events/dashboard-${eventId}`);
    await page.waitForFunction(() => document.readyState === 'complete');
    if ((await cameraState(page)) !== null) expect(await cameraState(page)).toBe(false);
    await context.close();
  }, 120_000);
});
