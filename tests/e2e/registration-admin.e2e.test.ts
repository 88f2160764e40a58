import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn } from './support/flows';
import { exact, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe("the organiser's registration lists", () => {
  it('lists, filters, sorts, pages, opens one and exports what is shown', async () => {
    const forms = (await (await fetch(`${suite.baseUrl}/api/public/events/sii-2027/forms`)).json()) as {
      event: { id: number };
    };
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await page.goto(`/events/participants-${forms.event.id}`);
    await page
      .getByRole('heading', { level: 1, name: exact(t('fr', 'registrationsAdmin.pages.participants')) })
      .waitFor();
    const rows = page.locator('tbody tr');
    await rows.first().waitFor();
    const total = await rows.count();
    expect(total).toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel(exact(t('fr', 'registrationsAdmin.columns.status'))).selectOption('confirmed');
    await page.waitForURL((url) => url.searchParams.get('status') === 'confirmed');
    await expect
      .poll(async () =>
        (await rows.allInnerTexts()).every((r) =>
          r.includes(t('fr', 'enums.registrationStatuses.confirmed')),
        ),
      )
      .toBe(true);

    await page.getByRole('button', { name: exact(t('fr', 'registrationsAdmin.columns.email')) }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: exact(t('fr', 'registrationsAdmin.exportCsv')) }).click();
    const csv = await readFile((await (await download).path()) as string, 'utf8');
    const lines = csv.trim().split(/\r\n/);
    expect(lines.length).toBe((await rows.count()) + 1);
    expect(lines[0]).toContain(t('fr', 'registrationsAdmin.columns.email'));

    const excel = page.waitForEvent('download');
    await page.getByRole('button', { name: exact(t('fr', 'registrationsAdmin.exportExcel')) }).click();
    expect((await excel).suggestedFilename()).toMatch(/\.xlsx$/);

    await rows
      .first()
      .getByRole('button', { name: exact(t('fr', 'registrationsAdmin.open')) })
      .click();
    await page.getByRole('dialog').waitFor();
    await context.close();
  });
});
