import { LOCALES } from '@evt/contracts/locale';
import { describe, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { keys, label, signIn } from './support/flows';
import { localised } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('accessibility (axe: no serious or critical violation)', () => {
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
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
