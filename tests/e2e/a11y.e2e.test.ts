import { LOCALES } from '@evt/contracts/locale';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, seriousA11yViolations } from './support/axe';
import { keys, label, signIn } from './support/flows';
import { localised } from './support/i18n';
import { waitForPageContent } from './support/navigation';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('accessibility (axe: no serious or critical violation)', () => {
  it('finds a serious violation when there is one, also after the SPA changed the page', async () => {
    const { context, page } = await suite.open();
    await page.goto(localised('en', '/auth/login'));
    await page.getByLabel(label('en', keys.email)).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // axe stays in the document between runs: a field without a name added afterwards is still found
    await page.evaluate(() => document.querySelector('main')?.append(document.createElement('input')));
    expect((await seriousA11yViolations(page)).map((violation) => violation.id)).toContain('label');
    await context.close();
  });

  it.each(LOCALES)('login page (%s)', async (locale) => {
    const { context, page } = await suite.open();
    await page.goto(localised(locale, '/auth/login'));
    await page.getByLabel(label(locale, keys.email)).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });

  it('home page', async () => {
    const { context, page } = await suite.open();
    await signIn(page, 'fr');
    await waitForPageContent(page);
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
