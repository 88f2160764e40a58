import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './support/axe';
import { selectFirstOrganization } from './support/console';
import { signIn } from './support/flows';
import { exact, localised, t } from './support/i18n';
import { useBrowserSuite } from './support/suite';

const suite = useBrowserSuite();

describe('webhooks', () => {
  it('lets the owner add an endpoint (secret shown once), send a test event and follow it in the log, in every language', async () => {
    const { context, page } = await suite.open('fr-FR');
    await signIn(page, 'fr');
    await selectFirstOrganization(page);
    await page.goto('/organizations/webhooks');
    await page.getByRole('heading', { level: 1, name: exact(t('fr', 'webhooks.title')) }).waitFor();
    // the demo CRM endpoint and its log
    const demo = page.getByRole('listitem').filter({ hasText: 'CRM (démo)' });
    await demo.getByRole('button', { name: new RegExp(t('fr', 'webhooks.showDeliveries')) }).click();
    const log = page.getByRole('region', { name: /Envois à/ });
    await log
      .getByRole('row', { name: new RegExp(t('fr', 'webhooks.events.registration_created')) })
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    // no event chosen: refused, and said so
    const form = page.getByRole('form', { name: exact(t('fr', 'webhooks.create')) });
    const url = `${suite.baseUrl}/_dev/webhooks?source=e2e`;
    await form.getByLabel(t('fr', 'webhooks.url'), { exact: false }).first().fill(url);
    await form.getByRole('button', { name: exact(t('fr', 'webhooks.create')) }).click();
    await form.getByRole('alert').waitFor();
    await form.getByLabel(exact(t('fr', 'webhooks.events.checkin_created'))).check();
    await form.getByRole('button', { name: exact(t('fr', 'webhooks.create')) }).click();
    const shown = page.getByRole('region', { name: exact(t('fr', 'webhooks.secretOnce')) });
    const secret = (await shown.getByTestId('shown-once').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: exact(t('fr', 'webhooks.done')) }).click();
    await expect.poll(() => shown.count()).toBe(0);
    expect(await page.content()).not.toContain(secret);

    // a test event, delivered by the job queue to the demo receiver, then sent again
    const added = page.getByRole('listitem').filter({ hasText: url });
    await added.getByRole('button', { name: new RegExp(t('fr', 'webhooks.ping')) }).click();
    await page.getByText(exact(t('fr', 'webhooks.pinged'))).waitFor();
    const ping = page
      .getByRole('region', { name: /Envois à/ })
      .getByRole('row', { name: new RegExp(t('fr', 'webhooks.events.ping')) });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: exact(t('fr', 'webhooks.deliveries.refresh')) }).click();
          return ping.getByText(exact(t('fr', 'webhooks.deliveries.statuses.delivered'))).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await ping.getByRole('button', { name: new RegExp(t('fr', 'webhooks.deliveries.redeliver')) }).click();
    await page.getByText(exact(t('fr', 'webhooks.deliveries.redelivered'))).waitFor();
    await expectNoSeriousA11yViolations(page);
    const received = await page.evaluate(async () => (await (await fetch('/_dev/webhooks')).json()).received);
    expect(received.filter((r: { type: string }) => r.type === 'ping').length).toBeGreaterThanOrEqual(1);

    // paused, then deleted after a confirmation, in English
    await page.goto(localised('en', '/organizations/webhooks'));
    const mine = page.getByRole('listitem').filter({ hasText: url });
    await mine.getByRole('button', { name: new RegExp(t('en', 'webhooks.pause')) }).click();
    await mine.getByText(new RegExp(t('en', 'webhooks.disabled'))).waitFor();
    await mine.getByRole('button', { name: new RegExp(t('en', 'webhooks.remove')) }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(t('en', 'webhooks.removeConfirm', { url })).waitFor();
    await dialog.getByRole('button', { name: exact(t('en', 'webhooks.remove')) }).click();
    await page.getByText(exact(t('en', 'webhooks.removed'))).waitFor();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: url }).count()).toBe(0);

    await page.goto(localised('ja', '/organizations/webhooks'));
    await page.getByRole('heading', { level: 1, name: exact(t('ja', 'webhooks.title')) }).waitFor();
    await page.getByRole('listitem').filter({ hasText: 'CRM (démo)' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
